/** The most ids `GET /api/orders/double-bookings` answers; `truncated` says when more are double-booked. */
export const MAX_DOUBLE_BOOKINGS = 5000;

/**
 * The answer of `GET /api/orders/double-bookings` (docs/openapi.yaml, `DoubleBookings`): the tenant's
 * counting orders overlapping the range that are double-booked, by begin.
 */
export interface DoubleBookings {
  orderIds: string[];
  /** Present (true) when more than `MAX_DOUBLE_BOOKINGS` are. */
  truncated?: true;
}

/** The other order of a refused double booking, the problem's `otherOrder` (type `urn:order-cockpit:problem:double-booking`). */
export interface OtherOrder {
  id: string;
  number: string;
  begin: string;
  end: string;
  status: string;
}
