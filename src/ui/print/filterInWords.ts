import type { TFunction } from 'i18next';
import type { Language } from '../../../shared/Language';
import type { DayRange } from '../../domain/model/DayRange';
import type { OrderCriteria } from '../../domain/model/orderQuery';
import { formatLocalDate } from '../format/dates';
import { formatMoney } from '../format/formatMoney';

/**
 * The list's filter as the printed list says it above its table, one part per criterion in the
 * language: the days, the statuses (or every status), the search text, the stations, the services,
 * the price range (only what is set), only double bookings, and the sort. Criteria not set are left out, but the days, the
 * statuses and the sort, which every list has.
 */
export function filterInWords(t: TFunction, language: Language, range: DayRange, criteria: OrderCriteria): string[] {
  const or = t('print.list.or');
  const euros = (cents: number) => formatMoney({ amount: cents, currency: 'EUR' }, language);
  const words = [t('print.list.days', { begin: formatLocalDate(range.begin, language), end: formatLocalDate(range.end, language) })];
  words.push(
    criteria.status.length > 0
      ? t('print.list.status', { statuses: criteria.status.map((status) => t(`status.${status}`)).join(or) })
      : t('print.list.anyStatus'),
  );
  const q = criteria.q.trim();
  if (q) words.push(t('print.list.search', { q }));
  if (criteria.stations.length > 0) words.push(t('print.list.stations', { stations: criteria.stations.join(or) }));
  if (criteria.services.length > 0) words.push(t('print.list.services', { services: criteria.services.join(or) }));
  const { priceMin: min, priceMax: max } = criteria;
  if (min !== null && max !== null) words.push(t('print.list.priceBetween', { min: euros(min), max: euros(max) }));
  else if (min !== null) words.push(t('print.list.priceFrom', { min: euros(min) }));
  else if (max !== null) words.push(t('print.list.priceTo', { max: euros(max) }));
  if (criteria.doubleBooked) words.push(t('print.list.doubleBooked'));
  words.push(
    t('print.list.sort', {
      column: t(`orders.columns.${criteria.sort.key}`),
      direction: t(criteria.sort.descending ? 'print.list.descending' : 'print.list.ascending'),
    }),
  );
  return words;
}
