/**
 * How long an order may last: at most `MAX_ORDER_DAYS` days from its begin to its end. A vehicle
 * service's orders last hours (a tyre change, an inspection) to weeks (an accident repair waiting for
 * parts); the longest are long-term rentals and fleet contracts, taken for months and renewed as a
 * new order at the latest after a year. A span of more is a slip of the year, not an order. The
 * console (new order, edit) and the backend (create, change) apply the same rule.
 */

/** The most days an order may span (a leap year). */
export const MAX_ORDER_DAYS = 366;

/** `MAX_ORDER_DAYS` in milliseconds: days of 24 hours between the two instants. */
export const MAX_ORDER_MS = MAX_ORDER_DAYS * 24 * 60 * 60 * 1000;

/** What the span rule found wrong with `begin` or `end`. */
export interface OrderSpanProblem {
  field: 'begin' | 'end';
  rule: 'notAfterEnd' | 'notBeforeBegin' | 'tooLongBeforeEnd' | 'tooLongAfterBegin';
  /** The most days, for the rules of length. */
  limit?: number;
}

/**
 * The problems of an order from `begin` to `end` (instants in milliseconds; NaN, not yet a valid
 * instant, is the form's or the schema's to say): a begin after the end, or a span of more than
 * `MAX_ORDER_DAYS`, each naming both fields.
 */
export function orderSpanProblems(begin: number, end: number): OrderSpanProblem[] {
  if (begin > end) {
    return [
      { field: 'begin', rule: 'notAfterEnd' },
      { field: 'end', rule: 'notBeforeBegin' },
    ];
  }
  if (end - begin > MAX_ORDER_MS) {
    return [
      { field: 'begin', rule: 'tooLongBeforeEnd', limit: MAX_ORDER_DAYS },
      { field: 'end', rule: 'tooLongAfterBegin', limit: MAX_ORDER_DAYS },
    ];
  }
  return [];
}
