import type { Money } from '../../domain/model/Money';

/** A formatter with its currency's number of decimals: both are costly to work out per call. */
interface MoneyFormat {
  formatter: Intl.NumberFormat;
  divisor: number;
}

const formats = new Map<string, MoneyFormat>();

/**
 * Money in German formatting in both languages (spec): `1.234,56 €`. Minor units are divided by
 * the currency's own number of decimals.
 */
export function formatMoney(money: Money): string {
  let format = formats.get(money.currency);
  if (!format) {
    const formatter = new Intl.NumberFormat('de-DE', { style: 'currency', currency: money.currency });
    format = { formatter, divisor: 10 ** (formatter.resolvedOptions().maximumFractionDigits ?? 2) };
    formats.set(money.currency, format);
  }
  return format.formatter.format(money.amount / format.divisor);
}
