import { ALL_STATUS_RANKS } from './orderView';
import { LONG_ORDERS } from './orderRangeSql';
import { filterConditions, narrowsRows, type OrderFilter, type SqlParameters, statusRanks } from './orderFilterSql';

/** The start of the UTC day of a timestamp: the `day` of `order_day_counts`. */
const utcDay = (value: string) => `date_bin('1 day', ${value}, TIMESTAMPTZ '2000-01-01 00:00:00+00')`;

const DAY_MS = 86_400_000;

/** Whether an instant lies in the second half of its UTC day (which side of it an index count is cheaper on). */
function inSecondHalfOfDay(iso: string): boolean {
  const time = Date.parse(iso);
  return (((time % DAY_MS) + DAY_MS) % DAY_MS) >= DAY_MS / 2;
}

/**
 * How many orders match the filter, as a scalar sub-select. Without a search text this needs no
 * scan of the range: the orders overlapping [b, e] are those beginning at or before e minus those
 * ending before b (an order that ends before b began before e). Each is a sum over whole UTC days
 * of `order_day_counts` and an index count within the day of e (or b): from the start of that day
 * to e, or, when e lies in the day's second half, the whole day less a count from e to its end
 * (day ranges of the console end late in the UTC day, when few orders begin). What the per-day
 * counts do not know (a search text, stations, services, prices, ids) is counted row by row within
 * the range, in the two parts of `filterConditions`: the ordinary orders bounded by it on both
 * sides of begin, on the indexes by begin, by price, or by station or service (migration 014), and
 * the long ones from their own indexes (migration 016).
 */
export function orderCountExpression(filter: OrderFilter, params: SqlParameters): string {
  const tenant = params.add(filter.tenantId, 'uuid');
  const ranks = statusRanks(filter.statuses);
  if (narrowsRows(filter)) {
    const states = ranks ? [`status_rank IN (${ranks.join(', ')})`] : [];
    const { conditions, longOrders } = filterConditions(filter, params, tenant, { lowerBound: true });
    const ordinary = `(SELECT count(*) FROM orders WHERE ${[...conditions, ...states].join(' AND ')})`;
    return longOrders
      ? `SELECT ${ordinary} + (WITH ${longOrders.table} SELECT count(*) FROM ${LONG_ORDERS} WHERE ${[...longOrders.conditions, ...states].join(' AND ')})`
      : `SELECT ${ordinary}`;
  }
  // Every state listed, also without a filter: the indexes lead with the state.
  const states = `status_rank IN (${(ranks ?? ALL_STATUS_RANKS).join(', ')})`;
  const days = (side: 'begin' | 'end', comparison?: string) =>
    `(SELECT coalesce(sum(orders), 0) FROM order_day_counts
         WHERE tenant_id = ${tenant} AND side = '${side}' AND ${states}${comparison ? ` AND day ${comparison}` : ''})`;
  const rows = (condition: string) => `(SELECT count(*) FROM orders WHERE tenant_id = ${tenant} AND ${states} AND ${condition})`;
  const terms: string[] = [];
  if (filter.end !== undefined) {
    // Orders beginning at or before e.
    const end = params.add(filter.end, 'timestamptz');
    const day = utcDay(end);
    terms.push(
      inSecondHalfOfDay(filter.end)
        ? `+ ${days('begin', `<= ${day}`)} - ${rows(`begin_at > ${end} AND begin_at < ${day} + interval '1 day'`)}`
        : `+ ${days('begin', `< ${day}`)} + ${rows(`begin_at >= ${day} AND begin_at <= ${end}`)}`,
    );
  } else {
    terms.push(`+ ${days('begin')}`);
  }
  if (filter.begin !== undefined) {
    // Orders ending before b.
    const begin = params.add(filter.begin, 'timestamptz');
    const day = utcDay(begin);
    terms.push(
      inSecondHalfOfDay(filter.begin)
        ? `- ${days('end', `<= ${day}`)} + ${rows(`end_at >= ${begin} AND end_at < ${day} + interval '1 day'`)}`
        : `- ${days('end', `< ${day}`)} - ${rows(`end_at >= ${day} AND end_at < ${begin}`)}`,
    );
  }
  return `SELECT (0 ${terms.join(' ')})::bigint`;
}
