import http from 'node:http';
import type { RunningServer } from '../../../server/startServer';
import type { Order, OrderPage } from '../../../shared/Order';
import { insertOrder, tenantOf } from '../support/orderFixtures';
import { seededRange, withRange } from '../support/orderRange';
import { BRITISH_EMAIL, call, expectProblem, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer, TestClock } from '../support/testServer';

const HEADER_EN = ['Number', 'Status', 'Begin', 'End', 'Station', 'Service', 'Customer', 'Email', 'Phone', 'Licence plate', 'Make', 'Model', 'Price', 'Currency', 'Notes'];
const HEADER_DE = ['Nummer', 'Status', 'Beginn', 'Ende', 'Station', 'Leistung', 'Kunde', 'E-Mail', 'Telefon', 'Kennzeichen', 'Marke', 'Modell', 'Preis', 'Währung', 'Notizen'];
const STATUS_EN: Record<string, string> = { new: 'New', confirmed: 'Confirmed', in_progress: 'In progress', completed: 'Completed', cancelled: 'Cancelled' };
const STATUS_DE: Record<string, string> = { new: 'Neu', confirmed: 'Bestätigt', in_progress: 'In Arbeit', completed: 'Abgeschlossen', cancelled: 'Storniert' };

/** RFC 4180 with `;`: records end in CRLF; quoted fields may hold `;`, `""` and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
    } else if (char === ';') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else {
      if (char === '\n' || char === '"') throw new Error(`unquoted ${JSON.stringify(char)} at ${i}`);
      field += char;
    }
  }
  if (field !== '' || record.length > 0) throw new Error('the last record does not end with CRLF');
  return records;
}

/** `DD.MM.YYYY HH:mm` in `timeZone`, computed another way than the server does. */
function localDateTime(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleString('de-DE', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false }).replace(', ', ' ');
}

/** A text cell as the export writes it: with a leading ' when it would start a formula. */
function neutral(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function germanAmount(cents: number): string {
  return (cents / 100).toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });
}

describe('GET /api/orders/export.csv', () => {
  // 23:30 UTC: already the next day in Berlin.
  const clock = new TestClock(new Date('2026-06-15T23:30:00.000Z'));
  let server: RunningServer;
  let token: string;
  let britishToken: string;
  /** Every order of the test: the range of a query that names none. */
  const range = seededRange(clock.now());
  const exportPath = (query = '') => withRange(`/api/orders/export.csv${query}`, range);

  const download = async (query = '', options: { locale?: 'de' | 'en'; as?: string } = {}) => {
    const response = await call(server, exportPath(query), { token: options.as ?? token, locale: options.locale });
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder('utf-8', { ignoreBOM: true, fatal: true }).decode(bytes);
    return { response, bytes, text, records: parseCsv(text.replace(/^\uFEFF/, '')) };
  };
  const list = async (query: string, as = token): Promise<Order[]> => {
    const items: Order[] = [];
    let cursor: string | null = null;
    do {
      const response = await call(server, withRange(`/api/orders?limit=500${query}${cursor ? `&cursor=${cursor}` : ''}`, range), { token: as });
      const page = (await response.json()) as OrderPage;
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return items;
  };

  beforeAll(async () => {
    server = await startTestServer({ clock: clock.now, seedOrders: 40, seedTenantOrders: { AN: 2500 } });
    token = (await login(server, GERMAN_EMAIL)).token;
    britishToken = (await login(server, BRITISH_EMAIL)).token;
    await insertOrder(server, await tenantOf(server, GERMAN_EMAIL), {
      number: 'AN-2026-999999',
      status: 'confirmed',
      begin: '2026-06-15T08:30:00Z',
      end: '2026-06-16T16:45:00Z',
      station: 'Kiel; Hafen',
      customer: '@Mallory "the Hacker"',
      email: '-malory@kundenpost.example',
      phone: '+49 431 7654321',
      plate: 'KI-X 99',
      price: 123456,
      notes: '=HYPERLINK("http://example.invalid";"klick")\r\nzweite Zeile',
    });
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => server?.close());

  it('seeds the asked number of orders for each tenant', async () => {
    const total = async (as: string) => ((await (await call(server, withRange('/api/orders?limit=1', range), { token: as })).json()) as OrderPage).total;
    expect(await total(token)).toBe(2501);
    expect(await total(britishToken)).toBe(40);
  });

  it('answers a streamed UTF-8 CSV download with a BOM, CRLF line ends and a dated file name', async () => {
    const { response, bytes, text } = await download();
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="orders-2026-06-16.csv"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('content-length')).toBeNull();
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.endsWith('\r\n')).toBe(true);
    // Every line break outside the one quoted note is CRLF.
    expect(text.split('\r\n').length - 1).toBe(2501 + 1 + 1);
    const newYork = await download('?tz=America/New_York');
    expect(newYork.response.headers.get('content-disposition')).toBe('attachment; filename="orders-2026-06-15.csv"');
  });

  it('writes the header in English and a row per order in the order of the list, with German number format', async () => {
    const [header, ...rows] = (await download()).records;
    expect(header).toEqual(HEADER_EN);
    const orders = await list('');
    expect(rows).toHaveLength(orders.length);
    rows.forEach((row, index) => {
      const order = orders[index] as Order;
      expect(row).toEqual([
        order.number,
        STATUS_EN[order.status],
        localDateTime(order.begin, 'Europe/Berlin'),
        localDateTime(order.end, 'Europe/Berlin'),
        order.station,
        order.service,
        neutral(order.customer.name),
        neutral(order.customer.email),
        neutral(order.customer.phone),
        neutral(order.vehicle.licensePlate),
        order.vehicle.make,
        order.vehicle.model,
        germanAmount(order.price.amount),
        order.price.currency,
        neutral(order.notes),
      ]);
    });
  });

  it('writes the header and the states in German for x-ui-locale: de, numbers in German format still', async () => {
    const [header, ...rows] = (await download('?sort=number', { locale: 'de' })).records;
    expect(header).toEqual(HEADER_DE);
    const orders = await list('&sort=number');
    expect(rows.map((row) => row[0])).toEqual(orders.map((order) => order.number));
    expect(rows.map((row) => row[1])).toEqual(orders.map((order) => STATUS_DE[order.status]));
    expect(new Set(rows.map((row) => row[1]))).toEqual(new Set(Object.values(STATUS_DE)));
  });

  it('quotes fields with ; " or line breaks and neutralises cells that would start a formula', async () => {
    const { text, records } = await download('?q=AN-2026-999999');
    expect(records).toHaveLength(2);
    expect(records[1]).toEqual([
      'AN-2026-999999',
      'Confirmed',
      '15.06.2026 10:30',
      '16.06.2026 18:45',
      'Kiel; Hafen',
      'Inspektion',
      `'@Mallory "the Hacker"`,
      `'-malory@kundenpost.example`,
      `'+49 431 7654321`,
      'KI-X 99',
      'Opel',
      'Corsa',
      '1.234,56',
      'EUR',
      `'=HYPERLINK("http://example.invalid";"klick")\r\nzweite Zeile`,
    ]);
    expect(text).toContain(`;"Kiel; Hafen";`);
    expect(text).toContain(`;"'@Mallory ""the Hacker""";`);
    expect(text).toContain(`;"'=HYPERLINK(""http://example.invalid"";""klick"")\r\nzweite Zeile"\r\n`);
  });

  it.each([
    ['Europe/Berlin', '15.06.2026 10:30', '16.06.2026 18:45'],
    ['UTC', '15.06.2026 08:30', '16.06.2026 16:45'],
    ['America/New_York', '15.06.2026 04:30', '16.06.2026 12:45'],
    ['Asia/Kolkata', '15.06.2026 14:00', '16.06.2026 22:15'],
  ])('writes dates in the time zone tz=%s', async (zone, begin, end) => {
    const { records } = await download(`?q=AN-2026-999999&tz=${encodeURIComponent(zone)}`);
    expect(records[1]?.slice(2, 4)).toEqual([begin, end]);
  });

  it('exports the orders of the same filter and sort as the list', async () => {
    for (const query of [
      '?status=completed&status=cancelled&sort=price',
      '?begin=2026-06-10T00:00:00Z&end=2026-06-12T23:59:59.999Z&sort=-status',
      `?q=${encodeURIComponent('müller')}&sort=begin`,
    ]) {
      const { records } = await download(query);
      const orders = await list(`&${query.slice(1)}`);
      expect(orders.length).toBeGreaterThan(0);
      expect(records.slice(1).map((row) => row[0])).toEqual(orders.map((order) => order.number));
    }
    expect((await download('?status=new&q=nobody-has-this-name')).records).toEqual([HEADER_EN]);
  });

  it('arrives in several chunks (streamed in batches, not built whole)', async () => {
    const response = await call(server, exportPath(), { token });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let chunks = 0;
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks += 1;
      bytes += value.byteLength;
    }
    expect(bytes).toBeGreaterThan(300_000);
    expect(chunks).toBeGreaterThanOrEqual(3);
  });

  it("exports only the orders of the token's tenant", async () => {
    const { records } = await download('', { as: britishToken });
    expect(records).toHaveLength(41);
    expect(records.slice(1).every((row) => row[0]?.startsWith('CF-'))).toBe(true);
    expect((await download('?q=AN-2026', { as: britishToken })).records).toEqual([HEADER_EN]);
  });

  it.each([
    ['tz=Mars/Olympus', 'tz', 'must be an IANA time zone, e.g. Europe/Berlin'],
    ['tz=..%2Fetc', 'tz', 'must be an IANA time zone, e.g. Europe/Berlin'],
    ['limit=10', 'limit', 'is not a known field'],
    ['cursor=abc', 'cursor', 'is not a known field'],
    ['status=open', 'status[0]', expect.stringContaining('must be one of')],
    ['begin=2026-06-20T00:00:00Z&end=2026-06-10T00:00:00Z', 'begin', 'must not be after end'],
    ['begin=2025-06-15T00:00:00Z&end=2026-06-17T00:00:00.001Z', 'end', 'must be at most 366 days after begin'],
  ])('answers 400 with a problem for %s', async (query, field, message) => {
    const body = await expectProblem(await call(server, exportPath(`?${query}`), { token }), 400);
    expect(body.errors).toEqual([{ field, message }]);
  });

  it.each([
    ['tz=UTC', 'begin'],
    ['end=2026-06-30T00:00:00Z', 'begin'],
    ['begin=2026-06-01T00:00:00Z&sort=number', 'end'],
  ])('answers 400 for a range open on either side: %s', async (query, field) => {
    const body = await expectProblem(await call(server, `/api/orders/export.csv?${query}`, { token }), 400);
    expect(body.errors).toEqual([{ field, message: 'is required' }]);
  });

  it('exports the longest range, 367 × 24 hours from begin to end', async () => {
    expect((await download('?begin=2025-06-15T00:00:00Z&end=2026-06-17T00:00:00Z&q=AN-2026-999999')).records).toHaveLength(2);
  });

  it('answers 401 without a token', async () => {
    await expectProblem(await call(server, exportPath()), 401);
  });

  it('stops reading from the database when the client goes away', async () => {
    const original = server.database.query.bind(server.database);
    let batches = 0;
    const spy = jest.spyOn(server.database, 'query').mockImplementation((sql, params) => {
      if (sql.includes('json_agg')) batches += 1;
      return original(sql, params);
    });
    try {
      await new Promise<void>((resolve, reject) => {
        const request = http.get(`${server.url}${exportPath()}`, { headers: { authorization: `Bearer ${token}` } }, (response) => {
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        });
        request.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(batches).toBeLessThan(3);
    } finally {
      spy.mockRestore();
    }
    expect((await call(server, withRange('/api/orders?limit=1', range), { token })).status).toBe(200);
  });
});
