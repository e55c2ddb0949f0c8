import type { OrderQuery } from '../../../shared/Order';

/** Saves the orders of a query as a CSV file on the operator's machine (`/api/orders/export.csv`). */
export interface OrdersExport {
  download(query: OrderQuery, fileName: string): Promise<void>;
}

export const OrdersExport = Symbol('OrdersExport');
