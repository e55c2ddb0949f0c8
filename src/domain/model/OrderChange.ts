import type { Order } from '../../../shared/Order';
import type { OrderStatus } from '../../../shared/OrderStatus';

/** What `PATCH /api/orders/{id}` accepts (spec: the console's put, sent as PATCH). */
export interface OrderChange {
  status?: OrderStatus;
  notes?: string;
  begin?: string;
  end?: string;
  station?: string;
}

export const EDITABLE_ORDER_FIELDS = ['notes', 'begin', 'end', 'station'] as const;

export type EditableOrderField = (typeof EDITABLE_ORDER_FIELDS)[number];

/** The fields of `draft` that differ from `order`. */
export function changedFields(order: Order, draft: Pick<Order, EditableOrderField>): OrderChange {
  const change: OrderChange = {};
  for (const field of EDITABLE_ORDER_FIELDS) {
    if (draft[field] !== order[field]) {
      change[field] = draft[field];
    }
  }
  return change;
}
