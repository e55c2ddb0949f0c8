/** The columns the orders grid can show, in their usual order. */
export const ORDER_COLUMNS = [
  'number',
  'status',
  'begin',
  'end',
  'station',
  'service',
  'customer',
  'licensePlate',
  'vehicle',
  'price',
] as const;

export type OrderColumn = (typeof ORDER_COLUMNS)[number];

/** The columns shown until the operator chooses others: all but the service. */
export const DEFAULT_ORDER_COLUMNS: readonly OrderColumn[] = ORDER_COLUMNS.filter((column) => column !== 'service');

export function isOrderColumn(value: unknown): value is OrderColumn {
  return typeof value === 'string' && (ORDER_COLUMNS as readonly string[]).includes(value);
}

/** Whether `columns` is a choice the grid shows: at least one column, each known and at most once. */
export function isColumnChoice(columns: unknown): columns is OrderColumn[] {
  return (
    Array.isArray(columns) &&
    columns.length > 0 &&
    columns.every(isOrderColumn) &&
    new Set(columns).size === columns.length
  );
}
