import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { encodeCursor, type KeyValue } from '../../../server/orders/orderCursor';
import { type OrderSortName, orderSort } from '../../../server/orders/orderSorts';
import type { RunningServer } from '../../../server/startServer';
import type { Order } from '../../../shared/Order';
import { insertOrder, tenantOf } from '../support/orderFixtures';
import { OPENAPI_DOCUMENT } from '../support/openApiContract';
import { browserSubscription } from '../support/webPushCrypto';
import { BRITISH_EMAIL, call, expectProblem, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer, TestClock } from '../support/testServer';

/** Hostile and careless input: every case is a 4xx naming the field, and nothing changes. */
describe('input validation', () => {
  const clock = new TestClock(new Date('2026-06-15T10:00:00.000Z'));
  let server: RunningServer;
  let token: string;
  let tenantId: string;

  const range = 'begin=2026-06-01T00:00:00Z&end=2026-06-30T23:59:59.999Z';
  const get = async (id: string): Promise<Order> => (await (await call(server, `/api/orders/${id}`, { token })).json()) as Order;
  const patch = (order: Order, body: unknown, locale?: 'de' | 'en') =>
    call(server, `/api/orders/${order.id}`, { method: 'PATCH', token, body, locale, headers: { 'if-match': `"${order.version}"` } });
  let day = 0;
  const fresh = async (): Promise<Order> => {
    day += 1;
    const begin = new Date(Date.UTC(2030, 0, day, 8)).toISOString();
    const end = new Date(Date.UTC(2030, 0, day, 12)).toISOString();
    return get(await insertOrder(server, tenantId, { begin, end, status: 'new', notes: 'Bitte anrufen.', station: 'Hamburg' }));
  };
  const fields = (body: { errors?: { field: string }[] }) => body.errors?.map((error) => error.field);

  beforeAll(async () => {
    server = await startTestServer({ clock: clock.now, seedOrders: 20 });
    token = (await login(server, GERMAN_EMAIL)).token;
    tenantId = await tenantOf(server, GERMAN_EMAIL);
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await server?.close();
  });

  describe('instants', () => {
    it.each([
      ['year 0', 'begin', 'begin=0000-01-01T00:00:00Z&end=2026-01-01T00:00:00Z'],
      ['a leap second as begin', 'begin', 'begin=2016-12-31T23:59:60Z&end=2017-01-02T00:00:00Z'],
      ['a leap second as end', 'end', 'begin=2016-12-30T00:00:00Z&end=2016-12-31T23:59:60Z'],
      ['a year before 2000', 'begin', 'begin=1999-12-31T23:59:59Z&end=2000-01-02T00:00:00Z'],
      ['a year after 2100', 'end', 'begin=2100-12-31T00:00:00Z&end=2101-01-01T00:00:00Z'],
      ['no offset', 'begin', 'begin=2026-06-01T00:00:00&end=2026-06-02T00:00:00Z'],
      ['a day that does not exist', 'end', 'begin=2026-02-01T00:00:00Z&end=2026-02-30T00:00:00Z'],
      ['an hour 24', 'end', 'begin=2026-06-01T00:00:00Z&end=2026-06-01T24:00:00Z'],
      ['a date without time', 'begin', 'begin=2026-06-01&end=2026-06-02T00:00:00Z'],
    ])('the list and the export refuse %s with 400 naming the field', async (_case, field, query) => {
      for (const path of ['/api/orders', '/api/orders/export.csv']) {
        const body = await expectProblem(await call(server, `${path}?${query}`, { token }), 400);
        expect(fields(body)).toEqual([field]);
      }
    });

    it('takes every RFC 3339 form with an offset and answers the same page', async () => {
      const canonical = await (await call(server, `/api/orders?${range}`, { token })).json();
      const offsets = await call(server, `/api/orders?begin=2026-06-01T02:00:00%2B02:00&end=2026-06-30T21:59:59.999-02:00`, { token });
      expect(offsets.status).toBe(200);
      expect(await offsets.json()).toEqual(canonical);
    });

    it('requires a range: the list and the export never walk every order', async () => {
      for (const path of ['/api/orders', '/api/orders/export.csv']) {
        const body = await expectProblem(await call(server, `${path}?q=Schmidt`, { token }), 400);
        expect(fields(body)).toEqual(['begin']);
        const noEnd = await expectProblem(await call(server, `${path}?begin=2026-06-01T00:00:00Z`, { token }), 400);
        expect(fields(noEnd)).toEqual(['end']);
      }
    });

    it('refuses a range longer than 366 days, in the language of the request', async () => {
      const tooLong = 'begin=2025-01-01T00:00:00Z&end=2026-01-04T00:00:00Z';
      for (const path of ['/api/orders', '/api/orders/export.csv']) {
        const english = await expectProblem(await call(server, `${path}?${tooLong}`, { token, locale: 'en' }), 400);
        expect(english.errors).toEqual([{ field: 'end', message: 'must be at most 366 days after begin' }]);
        const german = await expectProblem(await call(server, `${path}?${tooLong}`, { token, locale: 'de' }), 400);
        expect(german.errors).toEqual([{ field: 'end', message: 'darf höchstens 366 Tage nach begin liegen' }]);
      }
      // 366 local days across the end of summer time fit.
      const longestLocal = 'begin=2025-10-25T00:00:00%2B02:00&end=2026-10-25T23:59:59.999%2B01:00';
      expect((await call(server, `/api/orders?${longestLocal}`, { token })).status).toBe(200);
    });

    it('PATCH refuses an instant out of range or a leap second with 400, and begin after end on the merged order with 422 naming both', async () => {
      const order = await fresh();
      for (const begin of ['0000-01-01T00:00:00Z', '2098-12-31T23:59:60Z', '2101-01-01T00:00:00Z']) {
        const body = await expectProblem(await patch(order, { begin }), 400);
        expect(fields(body)).toEqual(['begin']);
      }
      const late = await expectProblem(await patch(order, { begin: '2098-12-31T23:59:59Z' }), 422);
      expect(late.errors).toEqual([
        { field: 'begin', message: 'must not be after end' },
        { field: 'end', message: 'must not be before begin' },
      ]);
      expect(await get(order.id)).toEqual(order);
    });

    it('PATCH stores an instant with an offset as the same instant', async () => {
      const order = await fresh();
      const response = await patch(order, { begin: '2030-01-01T09:30:00.1234+01:00' });
      expect(response.status).toBe(200);
      expect(((await response.json()) as Order).begin).toBe('2030-01-01T08:30:00.123Z');
    });
  });

  describe('cursors', () => {
    const ID = '01a1437b-5a80-7302-8000-00007d6830ad';
    /** A cursor as a client could forge it: the filter's fingerprint is no secret, the key is anything. */
    const forged = (sort: OrderSortName, key: KeyValue[]) =>
      encodeCursor(orderSort(sort), { begin: '2026-06-01T00:00:00Z', end: '2026-06-30T23:59:59.999Z' }, { key, total: 3 });

    it.each([
      ['a timestamp in year 0', '-begin', ['0000-01-01T00:00:00Z', ID]],
      ['a timestamp before 2000', 'begin', ['1999-12-31T23:59:59.999999Z', ID]],
      ['a leap second', '-begin', ['2016-12-31T23:59:60.000000Z', ID]],
      ['a number with NUL', 'number', ['AN-2026\u0000', ID]],
      ['a number with a control character', '-number', ['AN-2026\u001b', ID]],
      ['a number with a lone surrogate', 'number', ['AN-2026\ud800', ID]],
      ['a state rank beyond smallint', 'status', [40_000, '2026-06-15T10:00:00.000000Z', ID]],
    ] as [string, OrderSortName, KeyValue[]][])('a forged cursor whose key holds %s is a 400 naming cursor, not a 500', async (_case, sort, key) => {
      const body = await expectProblem(await call(server, `/api/orders?${range}&sort=${sort}&cursor=${forged(sort, key)}`, { token }), 400);
      expect(fields(body)).toEqual(['cursor']);
    });

    it('a cursor of the same form with keys the product takes still pages', async () => {
      const response = await call(server, `/api/orders?${range}&sort=-begin&cursor=${forged('-begin', ['2026-06-15T10:00:00.000000Z', ID])}`, { token });
      expect(response.status).toBe(200);
    });
  });

  describe('text', () => {
    it.each([
      ['NUL', 'a%00b'],
      ['a bell', 'a%07b'],
      ['a newline', 'a%0Ab'],
      ['DEL', 'a%7Fb'],
      ['a C1 control', 'a%C2%85b'],
    ])('the search refuses %s with 400 naming q', async (_case, q) => {
      for (const path of ['/api/orders', '/api/orders/export.csv']) {
        const body = await expectProblem(await call(server, `${path}?${range}&q=${q}`, { token, locale: 'en' }), 400);
        expect(body.errors).toEqual([{ field: 'q', message: 'must not contain control characters' }]);
      }
    });

    it('the search still takes any other text, and the export time zone no control characters', async () => {
      expect((await call(server, `/api/orders?${range}&q=${encodeURIComponent('Müller & Söhne 🚗')}`, { token })).status).toBe(200);
      const body = await expectProblem(await call(server, `/api/orders/export.csv?${range}&tz=Europe%00Berlin`, { token }), 400);
      expect(fields(body)).toEqual(['tz']);
    });

    it.each([
      ['notes with NUL', { notes: 'a\u0000b' }, 'notes'],
      ['notes with an escape', { notes: 'a\u001b[31mb' }, 'notes'],
      ['notes with a lone surrogate', { notes: 'a\ud800b' }, 'notes'],
      ['station with NUL', { station: 'Ham\u0000burg' }, 'station'],
      ['station with a newline', { station: 'Ham\nburg' }, 'station'],
      ['station with a tab', { station: 'Ham\tburg' }, 'station'],
    ])('PATCH refuses %s with 400 naming the field, in German too', async (_case, change, field) => {
      const order = await fresh();
      const body = await expectProblem(await patch(order, change, 'de'), 400);
      expect(fields(body)).toEqual([field]);
      expect(body.errors?.[0]?.message).toMatch(/Steuerzeichen/);
      expect(await get(order.id)).toEqual(order);
    });

    it('the maximum lengths of the contract hold: one character more is a 400 naming the field', async () => {
      const tooLong = async (response: Response, field: string, max: number) => {
        const body = await expectProblem(response, 400);
        expect(body.errors).toEqual([{ field, message: `must have at most ${max} characters` }]);
      };
      expect((await call(server, `/api/orders?${range}&q=${'a'.repeat(100)}`, { token })).status).toBe(200);
      for (const path of ['/api/orders', '/api/orders/export.csv']) {
        await tooLong(await call(server, `${path}?${range}&q=${'a'.repeat(101)}`, { token, locale: 'en' }), 'q', 100);
      }
      await tooLong(await call(server, `/api/orders/export.csv?${range}&tz=${'A'.repeat(65)}`, { token, locale: 'en' }), 'tz', 64);
      await tooLong(await call(server, `/api/orders?${range}&cursor=${'A'.repeat(1001)}`, { token, locale: 'en' }), 'cursor', 1000);
      await tooLong(await call(server, '/api/auth/login', { body: { email: `${'a'.repeat(309)}@example.com`, password: 'x' }, locale: 'en' }), 'email', 320);
      await tooLong(await call(server, '/api/auth/login', { body: { email: GERMAN_EMAIL, password: 'x'.repeat(1025) }, locale: 'en' }), 'password', 1024);
      const endpoint = `https://fcm.googleapis.com/fcm/send/${'a'.repeat(2049 - 'https://fcm.googleapis.com/fcm/send/'.length)}`;
      await tooLong(await call(server, '/api/push/subscriptions', { token, body: browserSubscription(endpoint).json, locale: 'en' }), 'endpoint', 2048);
      await tooLong(await call(server, '/api/push/subscriptions', { method: 'DELETE', body: { endpoint }, locale: 'en' }), 'endpoint', 2048);
    });

    it('notes keep newlines and tabs', async () => {
      const order = await fresh();
      const response = await patch(order, { notes: 'Zeile 1\r\nZeile 2\n\tEingerückt' });
      expect(response.status).toBe(200);
      expect(((await response.json()) as Order).notes).toBe('Zeile 1\r\nZeile 2\n\tEingerückt');
    });

    it('the login refuses an e-mail with a control character with 400, not 500', async () => {
      const body = await expectProblem(await call(server, '/api/auth/login', { body: { email: 'a\u0000b@example.com', password: 'x' } }), 400);
      expect(fields(body)).toEqual(['email']);
    });
  });

  describe('JSON bodies are not coerced', () => {
    it.each([
      [{ notes: null }, 'notes'],
      [{ notes: true }, 'notes'],
      [{ notes: 12 }, 'notes'],
      [{ station: ['x'] }, 'station'],
      [{ station: 123 }, 'station'],
      [{ status: ['confirmed'] }, 'status'],
      [{ status: 5 }, 'status'],
      [{ begin: 1893456000000 }, 'begin'],
    ])('PATCH %j is a 400 type error and changes nothing', async (change, field) => {
      const order = await fresh();
      const body = await expectProblem(await patch(order, change, 'en'), 400);
      expect(body.errors).toEqual([{ field, message: expect.stringMatching(/^must be of type string/) }]);
      expect(await get(order.id)).toEqual(order);
    });

    it.each([
      ['just past the last supported instant', Date.parse('2100-12-31T23:59:59.999Z') + 1],
      ['near the last instant a date holds (it was a 500)', 8_639_999_999_999_989],
    ])('a push subscription whose expirationTime is %s is a 400 naming it, as the contract\'s maximum says', async (_case, expirationTime) => {
      const contract = parse(readFileSync(OPENAPI_DOCUMENT, 'utf8')) as { components: { schemas: { PushSubscription: { properties: { expirationTime: { maximum?: number } } } } } };
      expect(contract.components.schemas.PushSubscription.properties.expirationTime.maximum).toBe(Date.parse('2100-12-31T23:59:59.999Z'));
      const subscription = { ...browserSubscription('https://fcm.googleapis.com/fcm/send/input-validation').json, expirationTime };
      const body = await expectProblem(await call(server, '/api/push/subscriptions', { token, body: subscription }), 400);
      expect(fields(body)).toEqual(['expirationTime']);
    });

    it('clearing the notes is an empty string', async () => {
      const order = await fresh();
      const response = await patch(order, { notes: '' });
      expect(response.status).toBe(200);
      expect(((await response.json()) as Order).notes).toBe('');
    });

    it('a push subscription whose expirationTime is a string is a 400', async () => {
      const subscription = { ...browserSubscription('https://fcm.googleapis.com/fcm/send/input-validation').json, expirationTime: '1893456000000' };
      const body = await expectProblem(await call(server, '/api/push/subscriptions', { token, body: subscription }), 400);
      expect(fields(body)).toEqual(['expirationTime']);
    });

    it('a login whose password is a number is a 400', async () => {
      const body = await expectProblem(await call(server, '/api/auth/login', { body: { email: GERMAN_EMAIL, password: 123456 } }), 400);
      expect(fields(body)).toEqual(['password']);
    });

    it('PATCH /api/me: a colour of 10 KB is a value (422, as the contract says); a colour as a number a type (400)', async () => {
      const british = (await login(server, BRITISH_EMAIL)).token;
      const long = await expectProblem(await call(server, '/api/me', { method: 'PATCH', token: british, body: { theme: { color1: '#'.repeat(10_240) } } }), 422);
      expect(fields(long)).toEqual(['theme.color1']);
      const number = await expectProblem(await call(server, '/api/me', { method: 'PATCH', token: british, body: { theme: { color1: 255 } } }), 400);
      expect(fields(number)).toEqual(['theme.color1']);
    });

    it('an operation that takes no body refuses one like any other: 415 for another type, 400 for malformed JSON, nothing renewed', async () => {
      const own = (await login(server, BRITISH_EMAIL)).token;
      for (const path of ['/api/auth/renew', '/api/auth/logout']) {
        await expectProblem(await call(server, path, { token: own, body: 'x', headers: { 'content-type': 'text/plain' } }), 415);
        await expectProblem(await call(server, path, { token: own, body: 'x' }), 400);
      }
      expect((await call(server, '/api/me', { token: own })).status).toBe(200);
    });

    it.each([
      ['a lone surrogate, percent-encoded', '/api/orders/%ED%A0%80'],
      ['bytes that are no UTF-8', '/api/users/ca%ED%BF%BD'],
      ['an id of 101 characters', `/api/orders/${'a'.repeat(101)}`],
      ['an id of 101 characters under a view', `/api/me/views/${'a'.repeat(101)}`],
    ])('a path with %s names no resource: a 404 problem, not the router\'s own answer', async (_case, path) => {
      const body = await expectProblem(await call(server, path, { token, locale: 'de' }), 404);
      expect(body.type).toBe('urn:order-cockpit:problem:not-found');
    });

    it('query strings are still read as their schema says', async () => {
      const response = await call(server, `/api/orders?${range}&limit=3&status=new`, { token });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { items: unknown[] }).items.length).toBeLessThanOrEqual(3);
    });
  });
});
