import type { Queryable } from '../db/Database';
import { OVERLAPPING_ORDER_SQL, PLATE_LOCK_SQL } from './doubleBookingSql';

/** The other order of a double booking, as the 409 names it. */
export interface OtherBooking {
  id: string;
  number: string;
  begin_at: string;
  end_at: string;
  status: string;
}

/** Thrown inside a write's transaction when it would create a double booking: the write is rolled back. */
export class DoubleBookingRefused extends Error {
  constructor(readonly other: OtherBooking) {
    super(`vehicle already booked by ${other.number}`);
    this.name = 'DoubleBookingRefused';
  }
}

/** An order as a write would leave it, for the check. */
export interface Booking {
  tenantId: string;
  /** The order itself (left out when it is being created). */
  id?: string;
  plate: string;
  /** Instants. */
  begin: string;
  end: string;
}

/**
 * The check of a write inside its transaction `tx`, before it writes: the tenant's plate locked
 * until the commit (doubleBookingSql.ts), then, unless `confirmed`, the first counting order of the
 * plate overlapping the booking looked up; found, `DoubleBookingRefused` is thrown.
 */
export async function guardBooking(tx: Queryable, booking: Booking, confirmed: boolean): Promise<void> {
  await tx.query(PLATE_LOCK_SQL, [booking.tenantId, booking.plate], { prepared: true });
  if (confirmed) return;
  const [other] = await tx.query<OtherBooking>(
    OVERLAPPING_ORDER_SQL,
    [booking.tenantId, booking.plate, booking.begin, booking.end, booking.id ?? null],
    { prepared: true },
  );
  if (other) throw new DoubleBookingRefused(other);
}
