import type { TFunction } from 'i18next';
import type { Language } from '../../../shared/Language';
import { PRINT_CAP, type PrintCoverage } from '../../domain/model/printCoverage';
import { formatCount } from '../format/formatCount';

/**
 * What the printed list says of its rows under the filter: their count, "the first 1 000 of 4 321
 * orders" when the filter holds more than a print does, or that it is incomplete (printed before
 * the orders were read), counts written as the language writes them.
 */
export function coverageInWords(t: TFunction, language: Language, coverage: PrintCoverage): string {
  const count = formatCount(coverage.count, language);
  switch (coverage.kind) {
    case 'all':
      return t('print.list.count', { count: coverage.count, formatted: count });
    case 'capped':
      return t('print.list.capped', { count, total: formatCount(coverage.total, language) });
    case 'partial':
      return t('print.list.partial', { count, total: formatCount(coverage.total, language), cap: formatCount(PRINT_CAP, language) });
  }
}
