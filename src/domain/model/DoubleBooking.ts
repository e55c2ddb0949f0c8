import { isOrderStatus, type OrderStatus } from '../../../shared/OrderStatus';
import { isApiError } from './ApiError';

/** The problem `type` the backend answers a write with (409) when it would book a vehicle twice. */
export const DOUBLE_BOOKING_PROBLEM = 'double-booking';

/** The order that already has the vehicle at the time asked for, as the backend names it (`otherOrder`). */
export interface OtherOrder {
  id: string;
  number: string;
  begin: string;
  end: string;
  status: OrderStatus;
}

function isOtherOrder(value: unknown): value is OtherOrder {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const other = value as Record<string, unknown>;
  return ['id', 'number', 'begin', 'end'].every((key) => typeof other[key] === 'string') && isOrderStatus(other.status);
}

/**
 * The other order of a refused write that would double-book a vehicle (409, problem type
 * `double-booking`), or null for any other failure, also one whose `otherOrder` is not readable.
 */
export function doubleBookingOf(error: unknown): OtherOrder | null {
  if (!isApiError(error) || error.status !== 409 || error.problemKind !== DOUBLE_BOOKING_PROBLEM) {
    return null;
  }
  const other = error.problem?.otherOrder;
  return isOtherOrder(other) ? other : null;
}
