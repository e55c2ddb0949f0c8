import type { OrderSort, SortKeyType } from './orderSorts';

/** A value of a sort key column as a cursor carries it. */
export type KeyValue = string | number;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;

function fits(value: unknown, type: SortKeyType): value is KeyValue {
  switch (type) {
    case 'timestamptz':
      return typeof value === 'string' && ISO_TIMESTAMP.test(value) && Number.isFinite(Date.parse(value));
    case 'text':
      return typeof value === 'string' && value.length <= 200;
    case 'bigint':
    case 'smallint':
      return Number.isSafeInteger(value);
    case 'uuid':
      return typeof value === 'string' && UUID.test(value);
  }
}

/**
 * The opaque cursor of a page: base64url of `{ s: sort, k: [key values of the last row] }`.
 * Only meaningful for the sort it was made for.
 */
export function encodeCursor(sort: OrderSort, key: readonly KeyValue[]): string {
  return Buffer.from(JSON.stringify({ s: sort.name, k: key }), 'utf8').toString('base64url');
}

/** The key values of `cursor`, or undefined when it is malformed or made for another sort. */
export function decodeCursor(cursor: string, sort: OrderSort): KeyValue[] | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) {
    return undefined;
  }
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof decoded !== 'object' || decoded === null) {
    return undefined;
  }
  const { s, k } = decoded as { s?: unknown; k?: unknown };
  if (s !== sort.name || !Array.isArray(k) || k.length !== sort.keys.length) {
    return undefined;
  }
  return sort.keys.every((key, index) => fits(k[index], key.type)) ? (k as KeyValue[]) : undefined;
}
