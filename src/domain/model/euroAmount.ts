import type { Language } from '../../../shared/Language';

/** Thousands and decimal separators as each language writes euro amounts (`1.234,50` / `1,234.50`). */
const SEPARATORS: Record<Language, { thousands: string; decimal: string }> = {
  de: { thousands: '.', decimal: ',' },
  en: { thousands: ',', decimal: '.' },
};

/**
 * An amount of euros as an operator types it in their language (`249`, `249,9`, `1.249,90 €` in
 * German; `1,249.90` in English), in cents; NaN for anything else (more than two decimals, letters,
 * a sign, separators in the wrong places).
 */
export function parseEuroAmount(text: string, language: Language): number {
  const { thousands, decimal } = SEPARATORS[language];
  const bare = text.replace(/€/g, '').trim();
  const escape = (char: string) => `\\${char}`;
  const pattern = new RegExp(`^(\\d{1,3}(?:${escape(thousands)}\\d{3})+|\\d+)(?:${escape(decimal)}(\\d{1,2}))?$`);
  const match = pattern.exec(bare);
  if (!match?.[1]) return Number.NaN;
  const euros = Number(match[1].split(thousands).join(''));
  const cents = Number((match[2] ?? '0').padEnd(2, '0'));
  return euros * 100 + cents;
}

/** Cents as the text a form starts with in `language` (`249,90`; no thousands separators). */
export function euroAmountText(cents: number, language: Language): string {
  const text = (cents / 100).toFixed(2);
  return language === 'de' ? text.replace('.', ',') : text;
}
