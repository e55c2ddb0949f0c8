import type { OrderRecord } from '../../../server/orders/orderView';
import type { RunningServer } from '../../../server/startServer';
import { STARTUP_TIMEOUT_MS, startTestServer, TestClock } from '../support/testServer';

/** A stored order with its tenant's name, as the checks below read it. */
type Row = OrderRecord & { tenant: string };

const DAY = 24 * 60 * 60 * 1000;

describe('demo data', () => {
  const clock = new TestClock(new Date('2026-01-15T12:00:00.000Z'));
  const now = clock.now().getTime();
  let server: RunningServer;
  let rows: Row[];

  beforeAll(async () => {
    server = await startTestServer({ clock: clock.now, seedOrders: 400 });
    rows = await server.database.query<Row>(
      `SELECT t.name AS tenant, o.* FROM orders o JOIN tenants t ON t.id = o.tenant_id ORDER BY o.number`,
    );
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => server?.close());

  const of = (tenant: string) => rows.filter((row) => row.tenant === tenant);

  it('creates two tenants with their accounts (an admin, operators, a viewer) and the asked number of orders per tenant', async () => {
    const users = await server.database.query<{ email: string; tenant: string; language: string; role: string }>(
      'SELECT u.email, t.name AS tenant, u.language, u.role FROM users u JOIN tenants t ON t.id = u.tenant_id ORDER BY u.email',
    );
    expect(users).toEqual([
      { email: 'admin@autohaus-nord.example', tenant: 'Autohaus Nord', language: 'de', role: 'admin' },
      { email: 'disponent@autohaus-nord.example', tenant: 'Autohaus Nord', language: 'de', role: 'operator' },
      { email: 'operator@cityfleet.example', tenant: 'City Fleet Rentals', language: 'en', role: 'operator' },
      { email: 'viewer@cityfleet.example', tenant: 'City Fleet Rentals', language: 'en', role: 'viewer' },
    ]);
    const colours = await server.database.query<{ name: string; theme_color1: string | null }>('SELECT name, theme_color1 FROM tenants ORDER BY name');
    expect(colours).toEqual([
      { name: 'Autohaus Nord', theme_color1: '#0b3d91' },
      { name: 'City Fleet Rentals', theme_color1: null },
    ]);
    expect(of('Autohaus Nord')).toHaveLength(400);
    expect(of('City Fleet Rentals')).toHaveLength(400);
  });

  it('spreads the orders over the 60 days before and after today', () => {
    for (const row of rows) {
      expect(Math.abs(Date.parse(row.begin_at) - now)).toBeLessThanOrEqual(61 * DAY);
    }
    const past = rows.filter((row) => Date.parse(row.begin_at) < now).length;
    expect(past / rows.length).toBeGreaterThan(0.35);
    expect(past / rows.length).toBeLessThan(0.65);
  });

  it('gives each order a status plausible for its dates, and creation before update', () => {
    for (const row of rows) {
      const begin = Date.parse(row.begin_at);
      const end = Date.parse(row.end_at);
      expect(begin).toBeLessThanOrEqual(end);
      expect(end - begin).toBeGreaterThanOrEqual(60 * 60 * 1000);
      expect(Date.parse(row.created_at)).toBeLessThanOrEqual(now);
      expect(Date.parse(row.created_at)).toBeLessThanOrEqual(Date.parse(row.updated_at));
      expect(Date.parse(row.updated_at)).toBeLessThanOrEqual(now);
      if (row.status === 'completed') expect(end).toBeLessThan(now);
      if (row.status === 'in_progress') expect(begin <= now && now <= end).toBe(true);
      if (row.status === 'new' || row.status === 'confirmed') expect(begin).toBeGreaterThan(now);
    }
    const statuses = new Set(rows.map((row) => row.status));
    expect([...statuses].sort()).toEqual(['cancelled', 'completed', 'confirmed', 'in_progress', 'new']);
  });

  it('uses German names, plates and stations for Autohaus Nord and British ones for City Fleet Rentals', () => {
    for (const row of of('Autohaus Nord')) {
      expect(row.number).toMatch(/^AN-20(25|26)-\d{6}$/);
      expect(row.vehicle_plate).toMatch(/^(HH|KI|HL|HB|H|HRO|SN|FL)-[A-Z]{1,2} [1-9]\d{0,3}E?$/);
      expect(row.customer_phone).toMatch(/^\+49 \d{2,3} [1-9]\d{6}$/);
      expect(row.customer_email).toMatch(/^[a-z]+\.[a-z]+\d*@kundenpost\.example$/);
      if (row.vehicle_vin !== null) expect(row.vehicle_vin).toMatch(/^[A-Z0-9]{17}$/);
    }
    for (const row of of('City Fleet Rentals')) {
      expect(row.number).toMatch(/^CF-20(25|26)-\d{6}$/);
      expect(row.vehicle_plate).toMatch(/^[A-Z]{2}\d{2} [A-Z]{3}$/);
      expect(row.customer_phone).toMatch(/^\+44 7700 900\d{3}$/);
    }
    expect(new Set(of('Autohaus Nord').map((row) => row.station))).toContain('Lübeck');
    expect(new Set(of('City Fleet Rentals').map((row) => row.station))).toContain('Leeds');
    expect(of('Autohaus Nord').some((row) => /[äöüß]/.test(row.customer_name))).toBe(true);
    expect(new Set(rows.map((row) => row.service)).size).toBeGreaterThan(12);
  });

  it('prices in whole euro cents and numbers orders in the order of creation', () => {
    for (const row of rows) {
      expect(row.price_currency).toBe('EUR');
      expect(Number.isInteger(row.price_amount)).toBe(true);
      expect(row.price_amount).toBeGreaterThan(0);
    }
    for (const tenant of ['Autohaus Nord', 'City Fleet Rentals']) {
      const byNumber = of(tenant);
      const created = byNumber.map((row) => Date.parse(row.created_at));
      expect(created).toEqual([...created].sort((a, b) => a - b));
      expect(new Set(byNumber.map((row) => row.number)).size).toBe(byNumber.length);
    }
  });
});

describe('demo data made around a given instant', () => {
  const clock = new TestClock(new Date('2026-01-15T12:00:00.000Z'));
  const seedNow = new Date('2026-03-05T00:00:00.000Z');
  let server: RunningServer;
  let rows: OrderRecord[];

  beforeAll(async () => {
    server = await startTestServer({ clock: clock.now, seedNow, seedOrders: 200 });
    rows = await server.database.query<OrderRecord>('SELECT * FROM orders');
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => server?.close());

  it('takes that instant for what has begun, ended and been created, not the clock', () => {
    const at = seedNow.getTime();
    for (const row of rows) {
      expect(Math.abs(Date.parse(row.begin_at) - at)).toBeLessThanOrEqual(61 * DAY);
      expect(Date.parse(row.created_at)).toBeLessThanOrEqual(at);
      if (row.status === 'completed') expect(Date.parse(row.end_at)).toBeLessThan(at);
      if (row.status === 'new' || row.status === 'confirmed') expect(Date.parse(row.begin_at)).toBeGreaterThan(at);
    }
    // Made around the clock, orders begun a month after it would all be open still.
    const endedLongAfterTheClock = rows.filter((row) => Date.parse(row.end_at) > clock.now().getTime() + 30 * DAY && Date.parse(row.end_at) < at);
    expect(endedLongAfterTheClock.length).toBeGreaterThan(0);
    for (const row of endedLongAfterTheClock) expect(['completed', 'cancelled']).toContain(row.status);
  });
});
