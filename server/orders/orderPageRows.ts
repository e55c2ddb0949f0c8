import type { OrderStatus } from '../../shared/OrderStatus';
import type { KeyValue } from './orderCursor';
import type { OrderSort } from './orderSorts';
import { type OrderRecord, STATUS_RANK } from './orderView';

/** A UTC `timestamp` as PostgreSQL writes it as text (date style ISO): `2026-09-22 05:00:00.1234`. */
const UTC_TEXT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?$/;

function utcText(value: string): RegExpExecArray {
  const match = UTC_TEXT.exec(value);
  if (!match) {
    throw new Error(`not a timestamp in UTC: ${value}`);
  }
  return match;
}

/** A timestamp of a page (`2026-09-22 05:00:00.1234`, UTC) as the API sends it: `2026-09-22T05:00:00.123Z`. */
export function isoTimestamp(value: string): string {
  const [, day, time, fraction = ''] = utcText(value);
  return `${day}T${time}.${fraction.padEnd(3, '0').slice(0, 3)}Z`;
}

/** A timestamp of a page as a cursor carries it, exact to the microsecond: `2026-09-22T05:00:00.123400Z`. */
export function exactTimestamp(value: string): string {
  const [, day, time, fraction = ''] = utcText(value);
  return `${day}T${time}.${fraction.padEnd(6, '0')}Z`;
}

/**
 * The columns of an order as a page carries them, in this order: each row one array of texts (see
 * `pageRowsExpression`). `status_rank` follows from `status`.
 */
const PAGE_COLUMNS = [
  'id',
  'number',
  'status',
  'begin_at',
  'end_at',
  'station',
  'service',
  'customer_name',
  'customer_email',
  'customer_phone',
  'vehicle_plate',
  'vehicle_make',
  'vehicle_model',
  'vehicle_vin',
  'price_amount',
  'price_currency',
  'notes',
  'created_at',
  'updated_at',
  'version',
] as const;

/** The timestamps among them: written in UTC, whatever the session's time zone. */
const PAGE_TIMESTAMPS: ReadonlySet<string> = new Set(['begin_at', 'end_at', 'created_at', 'updated_at']);

/** One row of a page as it travels. */
type PageRow = [
  id: string,
  number: string,
  status: OrderStatus,
  begin_at: string,
  end_at: string,
  station: string,
  service: string,
  customer_name: string,
  customer_email: string,
  customer_phone: string,
  vehicle_plate: string,
  vehicle_make: string,
  vehicle_model: string,
  vehicle_vin: string | null,
  price_amount: string,
  price_currency: string,
  notes: string,
  created_at: string,
  updated_at: string,
  version: string,
];

/**
 * The rows of `page` (a sub-select of orders, aliased `r`) as one value, the JSON text of a
 * two-dimensional array of texts in the order `orderBy` gives: the embedded database then passes one
 * value instead of one per column and row, and writing texts into JSON costs it a third less than
 * writing typed values (json_build_array looks up each value's type for every row). Timestamps come
 * in UTC with their microseconds, so the cursor's key comes from the row itself.
 */
export function pageRowsExpression(page: string, orderBy: string): string {
  const texts = PAGE_COLUMNS.map((column) =>
    PAGE_TIMESTAMPS.has(column) ? `(r.${column} AT TIME ZONE 'UTC')::text` : `r.${column}::text`,
  );
  const rowsJson = `to_json(array_agg(ARRAY[${texts.join(', ')}] ORDER BY ${orderBy}))`;
  return `coalesce((SELECT ${rowsJson} FROM (${page}) AS r), '[]')::text`;
}

/** A row of a page as a record, its timestamps as the API shows them. */
function pageRecord(row: PageRow): OrderRecord {
  return {
    id: row[0],
    number: row[1],
    status: row[2],
    status_rank: STATUS_RANK[row[2]],
    begin_at: isoTimestamp(row[3]),
    end_at: isoTimestamp(row[4]),
    station: row[5],
    service: row[6],
    customer_name: row[7],
    customer_email: row[8],
    customer_phone: row[9],
    vehicle_plate: row[10],
    vehicle_make: row[11],
    vehicle_model: row[12],
    vehicle_vin: row[13],
    price_amount: Number(row[14]),
    price_currency: row[15],
    notes: row[16],
    created_at: isoTimestamp(row[17]),
    updated_at: isoTimestamp(row[18]),
    version: Number(row[19]),
  };
}

/** The value of a sort key column in a row of a page, as a cursor carries it. */
function pageKey(row: PageRow, column: string): KeyValue {
  if (column === 'status_rank') {
    return STATUS_RANK[row[2]];
  }
  const value = row[(PAGE_COLUMNS as readonly string[]).indexOf(column)];
  if (value === null || value === undefined) {
    throw new Error(`no sort key ${column} in a page row`);
  }
  if (column === 'price_amount') {
    return Number(value);
  }
  return PAGE_TIMESTAMPS.has(column) ? exactTimestamp(value) : value;
}

/** A page as the repository answers it. */
export interface OrderSlice {
  records: OrderRecord[];
  /** Whether more rows follow the slice. */
  more: boolean;
  /** The key of the last record, as a cursor carries it (timestamps exact to the microsecond). */
  lastKey?: KeyValue[];
  /** All orders of the filter, when asked for. */
  total?: number;
  /** With the total: the tenant's last event id the slice reflects (0: no event yet). */
  lastEventId?: number;
}

/** The one row the statement of a page answers (orderPageSql.ts). */
export interface PageAnswer {
  rows: string;
  total?: number;
  last_event_id?: number | string | null;
}

/**
 * The slice a page's answer holds: at most `limit` records (the statement reads one more, which only
 * tells that more follow), the key of the last as the next cursor carries it, and, when counted, the
 * total and the last event id.
 */
export function readPage(answer: PageAnswer | undefined, criteria: { sort: OrderSort; limit: number }, counted: boolean): OrderSlice {
  const rows = JSON.parse(answer?.rows ?? '[]') as PageRow[];
  const more = rows.length > criteria.limit;
  const pageRows = more ? rows.slice(0, criteria.limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return {
    records: pageRows.map(pageRecord),
    more,
    lastKey: last ? criteria.sort.keys.map((key) => pageKey(last, key.column)) : undefined,
    ...(counted ? { total: Number(answer?.total ?? 0), lastEventId: Number(answer?.last_event_id ?? 0) } : {}),
  };
}
