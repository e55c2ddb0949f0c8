import type { Customer, Vehicle } from './Order';
import type { Money } from './Money';
import type { DoubleBookingConfirmation } from './OrderPatch';

/**
 * The body of `POST /api/orders`: an order's editable fields (docs/openapi.yaml, `NewOrder`). The
 * backend gives it its id, its number in the tenant's sequence, the status `new` and version 1.
 */
export interface NewOrder extends DoubleBookingConfirmation {
  customer: Customer;
  vehicle: Vehicle;
  station: string;
  service: string;
  /** Instants (RFC 3339). */
  begin: string;
  end: string;
  price: Money;
  notes: string;
}
