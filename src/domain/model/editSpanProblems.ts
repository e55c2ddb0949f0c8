import type { Order } from '../../../shared/Order';
import { orderSpanProblems, type OrderSpanProblem } from '../../../shared/orderSpan';

/**
 * What the rule of an order's span (shared/orderSpan.ts, the backend's too) finds wrong with the
 * edited begin and end of `order`, by field: a begin after the end, or more days than an order may
 * last. Nothing while neither is changed, as the backend checks the span only when one is sent: an
 * order stored longer before orders were bounded keeps its span until its begin or end changes.
 */
export function editSpanProblems(order: Pick<Order, 'begin' | 'end'>, draft: Pick<Order, 'begin' | 'end'>): Partial<Record<OrderSpanProblem['field'], OrderSpanProblem>> {
  if (draft.begin === order.begin && draft.end === order.end) {
    return {};
  }
  return Object.fromEntries(orderSpanProblems(Date.parse(draft.begin), Date.parse(draft.end)).map((problem) => [problem.field, problem]));
}
