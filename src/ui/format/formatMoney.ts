import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../shared/Language';
import type { Money } from '../../../shared/Money';

/** The number formatting of each language, as its dates are (`en`: en-GB). */
const LOCALES: Record<Language, string> = { de: 'de-DE', en: 'en-GB' };

/**
 * How each language's Intl.NumberFormat writes euros: German `-1.234,56 €` (a no-break space
 * before the sign), English `-€1,234.56`. The minus comes first in both.
 */
const EURO_PARTS: Record<Language, { before: string; thousands: string; decimal: string; after: string }> = {
  de: { before: '', thousands: '.', decimal: ',', after: '\u00a0€' },
  en: { before: '€', thousands: ',', decimal: '.', after: '' },
};

/** Whether the language writes the euro sign before the amount (`€1,234.56`) rather than after it (`1.234,56 €`). */
export function euroSignFirst(language: Language): boolean {
  return EURO_PARTS[language].before !== '';
}

/** A formatter with its currency's number of decimals: both are costly to work out per call. */
interface MoneyFormat {
  formatter: Intl.NumberFormat;
  divisor: number;
}

/** Per locale and currency (`de-DE EUR`). */
const formats = new Map<string, MoneyFormat>();

/** Up to here, cents divided by 100 are euros to the cent in a double, as Intl is handed them. */
const EXACT_CENTS = 1e15;

/**
 * Money as the operator's language writes it: `1.234,56 €` in German (de-DE), `€1,234.56` in
 * English (en-GB); in the default language's format should `language` be another. Minor units are
 * divided by the currency's own number of decimals. The caller re-renders on a language switch.
 */
export function formatMoney(money: Money, language: string): string {
  const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  if (money.currency === 'EUR' && Number.isInteger(money.amount) && Math.abs(money.amount) < EXACT_CENTS && !Object.is(money.amount, -0)) {
    return formatEuroCents(money.amount, lang);
  }
  const locale = LOCALES[lang];
  const key = `${locale} ${money.currency}`;
  let format = formats.get(key);
  if (!format) {
    const formatter = new Intl.NumberFormat(locale, { style: 'currency', currency: money.currency });
    format = { formatter, divisor: 10 ** (formatter.resolvedOptions().maximumFractionDigits ?? 2) };
    formats.set(key, format);
  }
  return format.formatter.format(money.amount / format.divisor);
}

/**
 * Whole cents of euros written out as Intl.NumberFormat writes them in the language
 * (`EURO_PARTS`). The browser sets its number formatting up on the first Intl.NumberFormat a page
 * makes, hundreds of milliseconds on a slow CPU in the task that writes the first rows; the orders
 * are in euros, so the first screen makes none, in either language.
 */
function formatEuroCents(cents: number, language: Language): string {
  const { before, thousands, decimal, after } = EURO_PARTS[language];
  const magnitude = Math.abs(cents);
  const euros = String(Math.floor(magnitude / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
  const rest = magnitude % 100;
  return `${cents < 0 ? '-' : ''}${before}${euros}${decimal}${rest < 10 ? '0' : ''}${rest}${after}`;
}
