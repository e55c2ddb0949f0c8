import type { DoubleBookings } from '../../../shared/DoubleBookings';

/** The backend's double bookings of a range (`GET /api/orders/double-bookings`). */
export interface DoubleBookingsApi {
  /** The orders between the instants `from` and `to` whose vehicle is booked twice. */
  doubleBookings(from: string, to: string): Promise<DoubleBookings>;
}

export const DoubleBookingsApi = Symbol('DoubleBookingsApi');
