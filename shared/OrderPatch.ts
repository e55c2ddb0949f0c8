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
}

/**
 * What a write that may double-book a vehicle may add to its body (`PATCH /api/orders/{id}`,
 * `POST /api/orders`).
 */
export interface DoubleBookingConfirmation {
  /**
   * true: save even though the vehicle is booked by another order at an overlapping time; the
   * console sends it only after the operator confirmed. Without it such a write is a 409
   * (`urn:order-cockpit:problem:double-booking`, naming the other order in `otherOrder`).
   */
  confirmDoubleBooking?: boolean;
}

/**
 * The whole body of `PATCH /api/orders/{id}` (docs/openapi.yaml, `OrderPatch`): the fields to
 * change (`OrderPatch`, whose keys are all fields of an order) and the confirmation of a double booking.
 */
export type OrderPatchBody = OrderPatch & DoubleBookingConfirmation;
