import type { TFunction } from 'i18next';
import type { Language } from '../../../shared/Language';
import type { PlanningBar } from '../../domain/model/planning/boardLayout';
import { formatDateTimeIn } from '../format/dates';

/**
 * A bar's accessible name: number, customer, the status as a word (the colour is never alone),
 * station and times, whether it runs on beyond the board, and whether someone else changed it.
 */
export function barLabel(bar: Pick<PlanningBar, 'order' | 'continuesBefore' | 'continuesAfter'>, changedElsewhere: boolean, t: TFunction, language: Language): string {
  const { order } = bar;
  const parts = [
    order.number,
    order.customer.name,
    t(`status.${order.status}`),
    t('planning.bar.span', { begin: formatDateTimeIn(order.begin, language), end: formatDateTimeIn(order.end, language) }),
  ];
  if (bar.continuesBefore) parts.push(t('planning.bar.continuesBefore'));
  if (bar.continuesAfter) parts.push(t('planning.bar.continuesAfter'));
  if (changedElsewhere) parts.push(t('planning.bar.changedElsewhere'));
  return parts.join(', ');
}
