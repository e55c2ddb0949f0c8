import type { Money } from '../../../shared/Money';

/** A formatter with its currency's number of decimals: both are costly to work out per call. */
interface MoneyFormat {
  formatter: Intl.NumberFormat;
  divisor: number;
}

const formats = new Map<string, MoneyFormat>();

/** Up to here, cents divided by 100 are euros to the cent in a double, as Intl is handed them. */
const EXACT_CENTS = 1e15;

/**
 * Money in German formatting in both languages: `1.234,56 €`. Minor units are divided by
 * the currency's own number of decimals.
 */
export function formatMoney(money: Money): string {
  if (money.currency === 'EUR' && Number.isInteger(money.amount) && Math.abs(money.amount) < EXACT_CENTS && !Object.is(money.amount, -0)) {
    return formatEuroCents(money.amount);
  }
  let format = formats.get(money.currency);
  if (!format) {
    const formatter = new Intl.NumberFormat('de-DE', { style: 'currency', currency: money.currency });
    format = { formatter, divisor: 10 ** (formatter.resolvedOptions().maximumFractionDigits ?? 2) };
    formats.set(money.currency, format);
  }
  return format.formatter.format(money.amount / format.divisor);
}

/**
 * Whole cents of euros written out as Intl.NumberFormat('de-DE', EUR) writes them (`-1.234,56 €`,
 * a no-break space before the sign). The browser sets its number formatting up on the first
 * Intl.NumberFormat a page makes, hundreds of milliseconds on a slow CPU in the task that writes
 * the first rows; the orders are in euros, so the first screen makes none.
 */
function formatEuroCents(cents: number): string {
  const magnitude = Math.abs(cents);
  const euros = String(Math.floor(magnitude / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const rest = magnitude % 100;
  return `${cents < 0 ? '-' : ''}${euros},${rest < 10 ? '0' : ''}${rest}\u00a0€`;
}
