import type { Order } from '../../shared/Order';
import type { OrderStatus } from '../../shared/OrderStatus';

/** An order as stored (timestamps as ISO strings, as the database port delivers them). */
export interface OrderRecord {
  id: string;
  number: string;
  status: OrderStatus;
  status_rank: number;
  begin_at: string;
  end_at: string;
  station: string;
  service: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  vehicle_plate: string;
  vehicle_make: string;
  vehicle_model: string;
  vehicle_vin: string | null;
  price_amount: number;
  price_currency: string;
  notes: string;
  created_at: string;
  updated_at: string;
  version: number;
}

/** The position of each state in the life cycle: `status_rank` of the orders table (migration 001). */
export const STATUS_RANK: Readonly<Record<OrderStatus, number>> = { new: 1, confirmed: 2, in_progress: 3, completed: 4, cancelled: 5 };

/** The ranks of every state, in order. */
export const ALL_STATUS_RANKS: readonly number[] = Object.values(STATUS_RANK);

export const ORDER_COLUMNS = `id, number, status, status_rank, begin_at, end_at, station, service,
  customer_name, customer_email, customer_phone, vehicle_plate, vehicle_make, vehicle_model, vehicle_vin,
  price_amount, price_currency, notes, created_at, updated_at, version`;

/** A stored order in the wire shape of `order`; `vehicle.vin` only when known. */
export function orderView(record: OrderRecord): Order {
  return {
    id: record.id,
    number: record.number,
    status: record.status,
    begin: record.begin_at,
    end: record.end_at,
    station: record.station,
    service: record.service,
    customer: { name: record.customer_name, email: record.customer_email, phone: record.customer_phone },
    vehicle: {
      licensePlate: record.vehicle_plate,
      make: record.vehicle_make,
      model: record.vehicle_model,
      ...(record.vehicle_vin === null ? {} : { vin: record.vehicle_vin }),
    },
    price: { amount: Number(record.price_amount), currency: record.price_currency },
    notes: record.notes,
    createdAt: record.created_at,
    updatedAt: record.updated_at,
    version: record.version,
  };
}
