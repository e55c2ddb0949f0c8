import type { Order } from '../../../shared/Order';
import type { OrderPatch } from '../../../shared/OrderPatch';

export const EDITABLE_ORDER_FIELDS = ['notes', 'begin', 'end', 'station'] as const;

export type EditableOrderField = (typeof EDITABLE_ORDER_FIELDS)[number];

/** The fields of `draft` that differ from `order`, as the body of a PATCH. */
export function changedFields(order: Order, draft: Pick<Order, EditableOrderField>): OrderPatch {
  const change: OrderPatch = {};
  for (const field of EDITABLE_ORDER_FIELDS) {
    if (draft[field] !== order[field]) {
      change[field] = draft[field];
    }
  }
  return change;
}
