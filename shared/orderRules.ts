import type { NewOrder } from './NewOrder';
import { isEmailAddress } from './userAccountRules';
import { ORDER_TEXT_LIMITS, type NewOrderField, type OrderTextField } from './orderFields';
import { orderSpanProblems, type OrderSpanProblem } from './orderSpan';

/** The highest price of an order in minor units (1 000 000,00). */
export const MAX_PRICE_AMOUNT = 100_000_000;

/** The texts a new order may leave empty; it must have all others. */
const OPTIONAL: ReadonlySet<OrderTextField> = new Set(['vehicle.vin', 'notes']);

/** A telephone number as people write it: digits with spaces, `+`, `/`, `-`, `(` and `)`, at least five digits. */
const PHONE = /^\+?[\d\s/()-]+$/;
/** A vehicle identification number (ISO 3779): 17 letters and digits, without I, O and Q. */
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;

/** What a rule found wrong with one field. */
export interface OrderRuleProblem {
  field: NewOrderField;
  rule: 'blank' | 'maxLength' | 'email' | 'phone' | 'vin' | 'amount' | OrderSpanProblem['rule'];
  /** The limit of `maxLength`, `amount` and the span's length (days). */
  limit?: number;
}

/** The order's texts by field name, trimmed. */
export function orderTexts(order: NewOrder): Record<OrderTextField, string> {
  return {
    'customer.name': order.customer.name.trim(),
    'customer.email': order.customer.email.trim(),
    'customer.phone': order.customer.phone.trim(),
    'vehicle.licensePlate': order.vehicle.licensePlate.trim(),
    'vehicle.make': order.vehicle.make.trim(),
    'vehicle.model': order.vehicle.model.trim(),
    'vehicle.vin': (order.vehicle.vin ?? '').trim(),
    station: order.station.trim(),
    service: order.service.trim(),
    notes: order.notes,
  };
}

/**
 * Every problem of a new order by the rules both sides apply: the console as it is typed, the
 * backend before it stores it (422, each field named). `begin` and `end` are instants in
 * milliseconds (NaN: not yet a valid instant, which is the form's or the schema's to say).
 */
export function newOrderProblems(order: NewOrder, begin: number, end: number): OrderRuleProblem[] {
  const problems: OrderRuleProblem[] = [];
  const texts = orderTexts(order);
  for (const [field, limit] of Object.entries(ORDER_TEXT_LIMITS) as [OrderTextField, number][]) {
    const text = texts[field];
    if (!OPTIONAL.has(field) && text === '') problems.push({ field, rule: 'blank' });
    else if ([...text].length > limit) problems.push({ field, rule: 'maxLength', limit });
  }
  const invalid = new Set(problems.map((problem) => problem.field));
  if (!invalid.has('customer.email') && !isEmailAddress(texts['customer.email'])) problems.push({ field: 'customer.email', rule: 'email' });
  const phone = texts['customer.phone'];
  if (!invalid.has('customer.phone') && (!PHONE.test(phone) || phone.replace(/\D/g, '').length < 5)) problems.push({ field: 'customer.phone', rule: 'phone' });
  const vin = texts['vehicle.vin'];
  if (vin !== '' && !invalid.has('vehicle.vin') && !VIN.test(vin.toUpperCase())) problems.push({ field: 'vehicle.vin', rule: 'vin' });
  const amount = order.price.amount;
  if (!Number.isInteger(amount) || amount < 0 || amount > MAX_PRICE_AMOUNT) problems.push({ field: 'price.amount', rule: 'amount', limit: MAX_PRICE_AMOUNT });
  problems.push(...orderSpanProblems(begin, end));
  return problems;
}
