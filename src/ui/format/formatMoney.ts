import type { Money } from '../../domain/model/Money';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Money in German formatting in both languages (spec): `1.234,56 €`. Minor units are divided by
 * the currency's own number of decimals.
 */
export function formatMoney(money: Money): string {
  let formatter = formatters.get(money.currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('de-DE', { style: 'currency', currency: money.currency });
    formatters.set(money.currency, formatter);
  }
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  return formatter.format(money.amount / 10 ** digits);
}
