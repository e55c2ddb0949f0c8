import type { FastifyInstance } from 'fastify';
import { type DoubleBookings, MAX_DOUBLE_BOOKINGS, type OtherOrder } from '../../shared/DoubleBookings';
import { isSupportedSpan, MAX_RANGE_DAYS, parseInstant } from '../../shared/instant';
import type { Language } from '../../shared/Language';
import type { FieldError } from '../../shared/Problem';
import { principalOf } from '../auth/authentication';
import type { Database } from '../db/Database';
import { fieldError } from '../http/fieldErrors';
import { requestLocale } from '../http/locale';
import { ProblemError } from '../http/ProblemError';
import type { OtherBooking } from './doubleBookings';
import { filterConditions, SqlParameters } from './orderFilterSql';
import { LONG_ORDERS } from './orderRangeSql';

/** The 409 of a write refused for a double booking with `other`, in `locale`. */
export function doubleBookingProblem(other: OtherBooking, locale: Language): ProblemError {
  const otherOrder: OtherOrder = { id: other.id, number: other.number, begin: other.begin_at, end: other.end_at, status: other.status };
  return new ProblemError('double-booking', {
    params: { booking: { number: other.number, begin: other.begin_at, end: other.end_at } },
    errors: [fieldError('vehicle.licensePlate', 'doubleBooked', locale, other.number)],
    extensions: { otherOrder },
  });
}

/**
 * The ids of the tenant's double-booked orders overlapping [from, to), by begin, at most `limit`:
 * the list's range read in its two parts (orderFilterSql.ts), the double booking tested on each
 * order by its plate's index (doubleBookingSql.ts).
 */
export async function doubleBookedIds(db: Database, tenantId: string, from: string, to: string, limit: number): Promise<string[]> {
  const params = new SqlParameters();
  const tenant = params.add(tenantId, 'uuid');
  const { conditions, longOrders } = filterConditions({ tenantId, begin: from, end: to, doubleBooked: true }, params, tenant, { lowerBound: true });
  const halfOpen = [`begin_at < ${params.add(to, 'timestamptz')}`, `end_at > ${params.add(from, 'timestamptz')}`];
  const read = (table: string, where: readonly string[]) => `SELECT id, begin_at FROM ${table} WHERE ${[...where, ...halfOpen].join(' AND ')}`;
  const reads = longOrders ? `${read('orders', conditions)} UNION ALL ${read(LONG_ORDERS, longOrders.conditions)}` : read('orders', conditions);
  const sql = `${longOrders ? `WITH ${longOrders.table} ` : ''}SELECT id FROM (${reads}) AS found ORDER BY begin_at, id LIMIT ${params.add(limit, 'int')}`;
  const rows = await db.query<{ id: string }>(sql, params.values);
  return rows.map((row) => row.id);
}

/** The range of a validated query; a 400 naming `from` when it is reversed, `to` when longer than a list's. */
function range(query: { from: string; to: string }, locale: Language): { from: string; to: string } {
  const from = parseInstant(query.from) ?? Number.NaN;
  const to = parseInstant(query.to) ?? Number.NaN;
  const errors: FieldError[] = [];
  if (from > to) errors.push(fieldError('from', 'notAfterEnd', locale));
  else if (!isSupportedSpan(from, to)) errors.push(fieldError('to', 'rangeTooLong', locale, String(MAX_RANGE_DAYS)));
  if (errors.length > 0) throw new ProblemError('validation', { errors });
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/**
 * `GET /api/orders/double-bookings?from=&to=` (every role): the tenant's counting orders overlapping
 * [from, to) that are double-booked, at most `MAX_DOUBLE_BOOKINGS` ids, `truncated` when more are.
 */
export function registerDoubleBookingRoute(app: FastifyInstance, deps: { database: Database }): void {
  app.get<{ Querystring: { from: string; to: string } }>('/api/orders/double-bookings', async (request, reply): Promise<DoubleBookings> => {
    const { from, to } = range(request.query, requestLocale(request));
    const ids = await doubleBookedIds(deps.database, principalOf(request).tenantId, from, to, MAX_DOUBLE_BOOKINGS + 1);
    reply.header('cache-control', 'no-store');
    return ids.length > MAX_DOUBLE_BOOKINGS ? { orderIds: ids.slice(0, MAX_DOUBLE_BOOKINGS), truncated: true } : { orderIds: ids };
  });
}
