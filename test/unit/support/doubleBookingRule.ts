import type { Order } from '../../../shared/Order';
import { ApiError } from '../../../src/domain/model/ApiError';

type Booking = Pick<Order, 'id' | 'status' | 'begin' | 'end' | 'vehicle'>;

/** Cancelled and completed orders hold no vehicle. */
function holdsVehicle(order: Booking): boolean {
  return order.status !== 'cancelled' && order.status !== 'completed';
}

function plate(order: Booking): string {
  return order.vehicle.licensePlate.trim().toUpperCase();
}

/** The backend's rule: the same licence plate, times overlapping half-open (an end at 10:00 and a begin at 10:00 do not). */
export function bookedTwice(a: Booking, b: Booking): boolean {
  return (
    a.id !== b.id &&
    holdsVehicle(a) &&
    holdsVehicle(b) &&
    plate(a) === plate(b) &&
    Date.parse(a.begin) < Date.parse(b.end) &&
    Date.parse(b.begin) < Date.parse(a.end)
  );
}

/** The first of `orders` that `order` would be booked twice with, or undefined. */
export function otherBooking(order: Booking, orders: readonly Order[]): Order | undefined {
  return orders.find((other) => bookedTwice(order, other));
}

/** The ids of `orders` that are booked twice with one of the others. */
export function doubleBookedIds(orders: readonly Order[]): string[] {
  return orders.filter((order) => otherBooking(order, orders) !== undefined).map((order) => order.id);
}

/** The backend's answer (409) to a write that would double-book the vehicle with `other`. */
export function doubleBookingProblem(other: Order): { status: number; body: Record<string, unknown> } {
  return {
    status: 409,
    body: {
      type: 'urn:order-cockpit:problem:double-booking',
      title: 'Double booking',
      status: 409,
      detail: `The vehicle is booked in order ${other.number} at that time.`,
      errors: [{ field: 'vehicle.licensePlate', message: `is booked in order ${other.number} at that time` }],
      otherOrder: { id: other.id, number: other.number, begin: other.begin, end: other.end, status: other.status },
    },
  };
}

/** The same answer as the console's HTTP client rejects with it. */
export function doubleBookingError(other: Order): ApiError {
  const { status, body } = doubleBookingProblem(other);
  return new ApiError(status, body as ConstructorParameters<typeof ApiError>[1]);
}
