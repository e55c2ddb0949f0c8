import type { OrderQuery } from '../../../shared/Order';

/** Saves orders as a CSV file on the operator's machine (`/api/orders/export.csv`). */
export interface OrdersExport {
  /** The orders of a query. */
  download(query: OrderQuery, fileName: string): Promise<void>;
  /** The orders `ids` (up to 1 000), in the list's `sort`. */
  downloadSelection(ids: readonly string[], sort: string, fileName: string): Promise<void>;
}

export const OrdersExport = Symbol('OrdersExport');
