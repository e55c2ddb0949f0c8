/**
 * The fields of an order as the API names them (also in its field errors), and how long its texts may
 * be: what a form, a kept new order and the backend's rules (`orderRules`) share.
 */

/** The longest each text of an order may be, in characters (code points, as PostgreSQL counts them). */
export const ORDER_TEXT_LIMITS = {
  'customer.name': 200,
  'customer.email': 254,
  'customer.phone': 40,
  'vehicle.licensePlate': 20,
  'vehicle.make': 60,
  'vehicle.model': 60,
  'vehicle.vin': 17,
  station: 100,
  service: 100,
  notes: 2000,
} as const;

export type OrderTextField = keyof typeof ORDER_TEXT_LIMITS;

/** The fields of a new order, as the backend names them in its field errors. */
export type NewOrderField = OrderTextField | 'begin' | 'end' | 'price.amount';

/** The fields of a new order in the order a form shows them. */
export const NEW_ORDER_FIELDS: readonly NewOrderField[] = [
  'customer.name',
  'customer.email',
  'customer.phone',
  'vehicle.licensePlate',
  'vehicle.make',
  'vehicle.model',
  'vehicle.vin',
  'station',
  'service',
  'begin',
  'end',
  'price.amount',
  'notes',
];
