import type { Money } from './Money';
import type { OrderStatus } from './OrderStatus';

export interface Customer {
  name: string;
  email: string;
  phone: string;
}

export interface Vehicle {
  licensePlate: string;
  make: string;
  model: string;
  vin?: string;
}

/** An order as the API sends it. Timestamps are ISO 8601 strings in UTC. */
export interface Order {
  id: string;
  number: string;
  status: OrderStatus;
  begin: string;
  end: string;
  station: string;
  service: string;
  customer: Customer;
  vehicle: Vehicle;
  price: Money;
  notes: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** One page of `GET /api/orders`. */
export interface OrderPage {
  items: Order[];
  nextCursor: string | null;
  total: number;
  /**
   * On a first page (no cursor): the tenant's last live-event id as the page was read. Every change
   * up to it is in the page; a live stream that goes on after a later id has missed the changes between.
   */
  lastEventId?: number;
}

/** The query of `GET /api/orders`. */
export interface OrderQuery {
  begin?: string;
  end?: string;
  status?: OrderStatus[];
  q?: string;
  /** Any of these stations (exact names); none means any. */
  station?: string[];
  /** Any of these services (exact names); none means any. */
  service?: string[];
  /** Price bounds in cents, inclusive. */
  priceMin?: number;
  priceMax?: number;
  /** Only orders whose vehicle is booked in another order at an overlapping time. */
  doubleBooked?: boolean;
  sort?: string;
  limit?: number;
  cursor?: string;
}
