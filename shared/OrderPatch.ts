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
  /** Saves even though the vehicle is booked in another order at an overlapping time (else 409 `double-booking`). */
  confirmDoubleBooking?: boolean;
}
