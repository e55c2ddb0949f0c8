import type { Language } from '../../shared/Language';
import type { DoubleBookingConfirmation, OrderPatch } from '../../shared/OrderPatch';
import { canTransition, isOrderStatus, nextStatuses, ORDER_STATUSES, type OrderStatus } from '../../shared/OrderStatus';
import { parseInstant } from '../../shared/instant';
import { orderSpanProblems } from '../../shared/orderSpan';
import { ORDER_TEXT_LIMITS } from '../../shared/orderFields';
import type { FieldError } from '../../shared/Problem';
import { fieldError, transitionError } from '../http/fieldErrors';
import type { OrderRecord } from './orderView';

const MAX_NOTES_LENGTH = ORDER_TEXT_LIMITS.notes;
const MAX_STATION_LENGTH = ORDER_TEXT_LIMITS.station;

/**
 * The body as the contract's `OrderPatch` schema lets it through: the fields of an `OrderPatch`, each text, a status
 * not yet known to be one (an unknown one is a 422 naming the states).
 */
export type ReceivedOrderPatch = { readonly [Field in keyof OrderPatch]?: string } & Readonly<DoubleBookingConfirmation>;

export interface OrderPatchCheck {
  /** What actually changes (fields equal to the order's are left out). */
  changes: OrderPatch;
  errors: FieldError[];
  /** The states the order may move to, when the asked status change is refused. */
  allowed?: OrderStatus[];
}

/** Characters as PostgreSQL counts them (code points, not UTF-16 units). */
function length(text: string): number {
  return [...text].length;
}

/** An instant of the body or of the stored order, to the millisecond (the schema let only valid instants through). */
function millis(iso: string): number {
  return parseInstant(iso) ?? Date.parse(iso);
}

/** Checks a change against the order as it is: states, lengths, the span of begin to end. */
export function checkOrderPatch(current: OrderRecord, body: ReceivedOrderPatch, locale: Language): OrderPatchCheck {
  const changes: OrderPatch = {};
  const errors: FieldError[] = [];
  let allowed: OrderStatus[] | undefined;

  if (body.status !== undefined) {
    if (!isOrderStatus(body.status)) {
      errors.push(fieldError('status', 'enum', locale, ORDER_STATUSES.join(', ')));
    } else if (body.status !== current.status) {
      if (canTransition(current.status, body.status)) {
        changes.status = body.status;
      } else {
        allowed = [...nextStatuses(current.status)];
        errors.push(transitionError(current.status, body.status, allowed, locale));
      }
    }
  }

  if (body.notes !== undefined) {
    if (length(body.notes) > MAX_NOTES_LENGTH) {
      errors.push(fieldError('notes', 'maxLength', locale, String(MAX_NOTES_LENGTH)));
    } else if (body.notes !== current.notes) {
      changes.notes = body.notes;
    }
  }

  if (body.station !== undefined) {
    const station = body.station.trim();
    if (station === '') {
      errors.push(fieldError('station', 'blank', locale));
    } else if (length(station) > MAX_STATION_LENGTH) {
      errors.push(fieldError('station', 'maxLength', locale, String(MAX_STATION_LENGTH)));
    } else if (station !== current.station) {
      changes.station = station;
    }
  }

  // On the order as it would be: a begin after the end, or a span longer than an order may last,
  // names both, whichever of them was sent (shared/orderSpan.ts). An order stored longer before the
  // bound existed keeps its span until its begin or end is changed.
  const begin = body.begin === undefined ? millis(current.begin_at) : millis(body.begin);
  const end = body.end === undefined ? millis(current.end_at) : millis(body.end);
  const span = body.begin === undefined && body.end === undefined ? [] : orderSpanProblems(begin, end);
  if (span.length > 0) {
    errors.push(...span.map(({ field, rule, limit }) => fieldError(field, rule, locale, String(limit ?? ''))));
  } else {
    if (body.begin !== undefined && begin !== millis(current.begin_at)) changes.begin = new Date(begin).toISOString();
    if (body.end !== undefined && end !== millis(current.end_at)) changes.end = new Date(end).toISOString();
  }

  return { changes, errors, ...(allowed ? { allowed } : {}) };
}
