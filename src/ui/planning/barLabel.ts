import type { TFunction } from 'i18next';
import type { Language } from '../../../shared/Language';
import type { PlanningBar } from '../../domain/model/planning/boardLayout';
import { formatDateTimeIn } from '../format/dates';
import type { BarMarkTexts } from './BarMarks';

/**
 * A bar's accessible name: number, customer, who else changed it, the status as a word (the colour
 * is never alone), station and times, whether it runs on beyond the board, and whether its vehicle
 * is booked twice (`marks`).
 */
export function barLabel(bar: Pick<PlanningBar, 'order' | 'continuesBefore' | 'continuesAfter'>, marks: BarMarkTexts, t: TFunction, language: Language): string {
  const { order } = bar;
  // Who changed it right after the customer, as the bar shows it: the visible text is part of the name.
  const parts = [
    order.number,
    order.customer.name,
    ...(marks.changedBy ? [marks.changedBy] : []),
    t(`status.${order.status}`),
    t('planning.bar.span', { begin: formatDateTimeIn(order.begin, language), end: formatDateTimeIn(order.end, language) }),
  ];
  if (bar.continuesBefore) parts.push(t('planning.bar.continuesBefore'));
  if (bar.continuesAfter) parts.push(t('planning.bar.continuesAfter'));
  if (marks.doubleBooked) parts.push(marks.doubleBooked);
  return parts.join(', ');
}
