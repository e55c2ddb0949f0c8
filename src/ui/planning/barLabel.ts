import type { TFunction } from 'i18next';
import type { Language } from '../../../shared/Language';
import type { PlanningBar } from '../../domain/model/planning/boardLayout';
import { formatDateTimeIn } from '../format/dates';
import type { BarMarkTexts } from './BarMarks';

/**
 * A bar's accessible name: number, customer, the status as a word (the colour is never alone),
 * station and times, whether it runs on beyond the board, who else changed it, and whether its
 * vehicle is booked twice (`marks`).
 */
export function barLabel(bar: PlanningBar, marks: BarMarkTexts, t: TFunction, language: Language): string {
  const { order } = bar;
  const parts = [
    order.number,
    order.customer.name,
    t(`status.${order.status}`),
    t('planning.bar.span', { begin: formatDateTimeIn(order.begin, language), end: formatDateTimeIn(order.end, language) }),
  ];
  if (bar.continuesBefore) parts.push(t('planning.bar.continuesBefore'));
  if (bar.continuesAfter) parts.push(t('planning.bar.continuesAfter'));
  if (marks.changedBy) parts.push(marks.changedBy);
  if (marks.doubleBooked) parts.push(marks.doubleBooked);
  return parts.join(', ');
}
