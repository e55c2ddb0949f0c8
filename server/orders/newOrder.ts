import { randomUUID } from 'node:crypto';
import type { Language } from '../../shared/Language';
import type { NewOrder } from '../../shared/NewOrder';
import { parseInstant } from '../../shared/instant';
import { newOrderProblems, orderTexts } from '../../shared/orderRules';
import type { FieldError } from '../../shared/Problem';
import { fieldError } from '../http/fieldErrors';
import type { NewOrderRecord } from './OrderRepository';

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
