import type { Language } from '../../../shared/Language';

/** The thousands separator each language writes counts with (`10.000` / `10,000`), as Intl does for them. */
const THOUSANDS: Record<Language, string> = { de: '.', en: ',' };

/**
 * A count as the language writes it (`10.000 Aufträge`, `10,000 orders`), by hand rather than with
 * Intl.NumberFormat, whose first use costs the first screen a noticeable moment on a slow CPU (see
 * formatMoney.ts). Whole numbers only; anything else is written as it is.
 */
export function formatCount(count: number, language: Language): string {
  if (!Number.isSafeInteger(count)) return String(count);
  const digits = String(Math.abs(count));
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, THOUSANDS[language]);
  return count < 0 ? `-${grouped}` : grouped;
}
