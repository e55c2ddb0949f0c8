import type { Order } from '../../../shared/Order';
import type { OrderPatch } from '../../../shared/OrderPatch';
import type { EditableOrderField } from '../model/changedFields';

/** The fields of an open order the operator edits. */
export type OrderDraft = Pick<Order, EditableOrderField>;

/** The editable fields of `order` as they are. */
export function draftOf(order: Order): OrderDraft {
  return { notes: order.notes, begin: order.begin, end: order.end, station: order.station };
}

/** The editable fields of `order` with `edits` on top (a status among them is not a field edited, and is left out). */
export function draftWithEdits(order: Order, edits: OrderPatch): OrderDraft {
  const { status: _status, ...fields } = edits;
  return { ...draftOf(order), ...fields };
}
