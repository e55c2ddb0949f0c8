import type { DoubleBookings } from '../../../shared/DoubleBookings';
import type { DoubleBookingsApi } from '../../domain/ports/DoubleBookingsApi';
import type { HttpClient } from '../../domain/ports/HttpClient';

/** DoubleBookingsApi over the HttpClient: `GET /orders/double-bookings?from=…&to=…`. */
export class HttpDoubleBookingsApi implements DoubleBookingsApi {
  constructor(private readonly http: HttpClient) {}

  doubleBookings(from: string, to: string): Promise<DoubleBookings> {
    return this.http.get<DoubleBookings>('/orders/double-bookings', { params: { from, to } });
  }
}
