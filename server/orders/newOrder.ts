import { randomUUID } from 'node:crypto';
import type { Language } from '../../shared/Language';
import type { NewOrder } from '../../shared/NewOrder';
import { parseInstant } from '../../shared/instant';
import { newOrderProblems, orderTexts } from '../../shared/orderRules';
import type { FieldError } from '../../shared/Problem';
import { fieldError } from '../http/fieldErrors';
import { multiLineText, singleLineText } from '../http/textSchemas';
import type { NewOrderRecord } from './OrderRepository';

const text = singleLineText();

/**
 * The body of `POST /api/orders` (400 for anything of another shape, unknown fields, text with
 * control characters, instants that are none); its values are checked by `checkNewOrder` (422), so
 * that every field in error is named at once.
 */
export const newOrderSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['customer', 'vehicle', 'station', 'service', 'begin', 'end', 'price'],
  properties: {
    customer: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'email', 'phone'],
      properties: { name: text, email: text, phone: text },
    },
    vehicle: {
      type: 'object',
      additionalProperties: false,
      required: ['licensePlate', 'make', 'model'],
      properties: { licensePlate: text, make: text, model: text, vin: text },
    },
    station: text,
    service: text,
    begin: { type: 'string', format: 'date-time' },
    end: { type: 'string', format: 'date-time' },
    price: {
      type: 'object',
      additionalProperties: false,
      required: ['amount', 'currency'],
      properties: { amount: { type: 'integer' }, currency: { type: 'string', enum: ['EUR'] } },
    },
    notes: multiLineText(),
  },
} as const;

/** The body as the schema lets it through (notes may be left out). */
export type ReceivedNewOrder = Omit<NewOrder, 'notes'> & { notes?: string };

export interface NewOrderCheck {
  /** The order to store, when nothing is wrong. */
  order?: NewOrderRecord;
  errors: FieldError[];
}

/** The rules of shared/orderRules.ts, said in the request's language at the fields they name. */
export function checkNewOrder(body: ReceivedNewOrder, locale: Language): NewOrderCheck {
  const order: NewOrder = { ...body, notes: body.notes ?? '' };
  // The schema let only valid instants through.
  const begin = parseInstant(order.begin) ?? Date.parse(order.begin);
  const end = parseInstant(order.end) ?? Date.parse(order.end);
  const errors = newOrderProblems(order, begin, end).map(({ field, rule, limit }) => {
    switch (rule) {
      case 'maxLength':
        return fieldError(field, 'maxLength', locale, String(limit));
      case 'amount':
      case 'tooLongBeforeEnd':
      case 'tooLongAfterBegin':
        return fieldError(field, rule, locale, String(limit));
      default:
        return fieldError(field, rule, locale);
    }
  });
  if (errors.length > 0) return { errors };
  const texts = orderTexts(order);
  return {
    errors,
    order: {
      id: randomUUID(),
      status: 'new',
      begin_at: new Date(begin).toISOString(),
      end_at: new Date(end).toISOString(),
      station: texts.station,
      service: texts.service,
      customer_name: texts['customer.name'],
      customer_email: texts['customer.email'],
      customer_phone: texts['customer.phone'],
      vehicle_plate: texts['vehicle.licensePlate'],
      vehicle_make: texts['vehicle.make'],
      vehicle_model: texts['vehicle.model'],
      vehicle_vin: texts['vehicle.vin'] === '' ? null : texts['vehicle.vin'].toUpperCase(),
      price_amount: order.price.amount,
      price_currency: order.price.currency,
      notes: order.notes,
    },
  };
}
