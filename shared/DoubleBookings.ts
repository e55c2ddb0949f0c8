/**
 * The answer of `GET /api/orders/double-bookings?from=…&to=…`: the orders of the range whose vehicle
 * is booked in another order at an overlapping time (cancelled and completed orders never count).
 * `truncated` says the backend named only some of them.
 */
export interface DoubleBookings {
  orderIds: string[];
  truncated?: boolean;
}
