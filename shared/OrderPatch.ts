import type { OrderStatus } from './OrderStatus';

/**
 * The body of `PATCH /api/orders/{id}` (docs/openapi.yaml, `OrderPatch`): the fields of an order to
 * change, each optional; `begin` and `end` as instants. The console sends it, the backend applies it.
 */
export interface OrderPatch {
  status?: OrderStatus;
  notes?: string;
  begin?: string;
  end?: string;
  station?: string;
  /**
   * true: save even though the vehicle is booked by another order at an overlapping time; the
   * console sends it only after the operator confirmed. Without it such a change is a 409
   * (`urn:order-cockpit:problem:double-booking`, naming the other order in `otherOrder`).
   */
  confirmDoubleBooking?: boolean;
}
