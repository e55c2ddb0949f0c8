import { randomUUID } from 'node:crypto';
import type { RunningServer } from '../../../server/startServer';
import type { NewOrder } from '../../../shared/NewOrder';
import type { Order } from '../../../shared/Order';
import type { OrderStatus } from '../../../shared/OrderStatus';

/** A valid new order: a customer calls to book an inspection (`POST /api/orders`'s body). */
export const BOOKING: NewOrder = {
  customer: { name: 'Greta Lindholm', email: 'greta.lindholm@example.de', phone: '+49 40 1234567' },
  vehicle: { licensePlate: 'HH-GL 2031', make: 'Volkswagen', model: 'ID.4', vin: 'WVWZZZE1ZNP012345' },
  station: 'Hamburg-Altona',
  service: 'Inspektion',
  begin: '2031-03-04T07:00:00Z',
  end: '2031-03-04T09:30:00Z',
  price: { amount: 24900, currency: 'EUR' },
  notes: 'Kundin wartet vor Ort.',
};

/** An order to insert with exact values; what is left out gets a plain default. */
export interface OrderFixture {
  id?: string;
  number?: string;
  status?: OrderStatus;
  /** Timestamps as PostgreSQL reads them: microseconds are kept. */
  begin: string;
  end: string;
  station?: string;
  service?: string;
  customer?: string;
  email?: string;
  phone?: string;
  plate?: string;
  price?: number;
  notes?: string;
}

let sequence = 0;

/** The tenant of a demo user, by e-mail. */
export async function tenantOf(server: RunningServer, email: string): Promise<string> {
  const [row] = await server.database.query<{ tenant_id: string }>('SELECT tenant_id FROM users WHERE email = $1', [email]);
  if (!row) throw new Error(`no user ${email}`);
  return row.tenant_id;
}

/** Inserts an order straight into the database (as another writer would) and answers its id. */
export async function insertOrder(server: RunningServer, tenantId: string, fixture: OrderFixture): Promise<string> {
  sequence += 1;
  const id = fixture.id ?? randomUUID();
  await server.database.query(
    `INSERT INTO orders (id, tenant_id, number, status, begin_at, end_at, station, service, customer_name, customer_email,
       customer_phone, vehicle_plate, vehicle_make, vehicle_model, price_amount, price_currency, notes)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'Opel', 'Corsa', $13, 'EUR', $14)`,
    [
      id,
      tenantId,
      fixture.number ?? `ZZ-2099-${String(sequence).padStart(6, '0')}-${id.slice(0, 4)}`,
      fixture.status ?? 'new',
      fixture.begin,
      fixture.end,
      fixture.station ?? 'Kiel',
      fixture.service ?? 'Inspektion',
      fixture.customer ?? 'Test Kundin',
      fixture.email ?? 'test.kundin@kundenpost.example',
      fixture.phone ?? '+49 431 1234567',
      // A plate of its own: orders moved in time do not double-book one vehicle by chance.
      fixture.plate ?? `KI-T ${sequence}`,
      fixture.price ?? 10_000,
      fixture.notes ?? '',
    ],
  );
  return id;
}

export async function deleteOrders(server: RunningServer, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) {
    await server.database.query('DELETE FROM orders WHERE id = ANY($1::uuid[])', [ids]);
  }
}

const STATUS_RANK: Record<OrderStatus, number> = { new: 1, confirmed: 2, in_progress: 3, completed: 4, cancelled: 5 };

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The order of each API sort, as the test computes it: its keys, then the id. */
export const SORT_COMPARATORS: Record<string, (a: Order, b: Order) => number> = {
  begin: (a, b) => Date.parse(a.begin) - Date.parse(b.begin) || byText(a.id, b.id),
  '-begin': (a, b) => Date.parse(b.begin) - Date.parse(a.begin) || byText(b.id, a.id),
  number: (a, b) => byText(a.number, b.number) || byText(a.id, b.id),
  '-number': (a, b) => byText(b.number, a.number) || byText(b.id, a.id),
  status: (a, b) => STATUS_RANK[a.status] - STATUS_RANK[b.status] || Date.parse(a.begin) - Date.parse(b.begin) || byText(a.id, b.id),
  '-status': (a, b) => STATUS_RANK[b.status] - STATUS_RANK[a.status] || Date.parse(b.begin) - Date.parse(a.begin) || byText(b.id, a.id),
  price: (a, b) => a.price.amount - b.price.amount || byText(a.id, b.id),
  '-price': (a, b) => b.price.amount - a.price.amount || byText(b.id, a.id),
};

/** Whether an order overlaps [begin, end] (either may be open), boundaries included. */
export function overlaps(order: Order, begin?: string, end?: string): boolean {
  return (begin === undefined || Date.parse(order.end) >= Date.parse(begin)) && (end === undefined || Date.parse(order.begin) <= Date.parse(end));
}

/** A small deterministic pseudo-random generator (mulberry32), so that a failing draw can be repeated. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The rows of `order_day_counts` that differ from a count made afresh from the orders (none when all is well). */
export async function statisticsDrift(server: RunningServer): Promise<unknown[]> {
  return server.database.query(
    `WITH fresh AS (
       SELECT tenant_id, 'begin' AS side, status_rank, date_bin('1 day', begin_at, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS day, count(*) AS orders
         FROM orders GROUP BY 1, 2, 3, 4
       UNION ALL
       SELECT tenant_id, 'end', status_rank, date_bin('1 day', end_at, TIMESTAMPTZ '2000-01-01 00:00:00+00'), count(*)
         FROM orders GROUP BY 1, 2, 3, 4),
     kept AS (SELECT tenant_id, side, status_rank, day, orders FROM order_day_counts WHERE orders <> 0)
     (SELECT 'missing' AS problem, * FROM fresh EXCEPT SELECT 'missing', * FROM kept)
     UNION ALL
     (SELECT 'extra', * FROM kept EXCEPT SELECT 'extra', * FROM fresh)`,
  );
}
