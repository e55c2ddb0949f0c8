import type { Language } from '../../../shared/Language';
import { formatInstant } from '../format/formatInstant';
import { formatMoney } from '../format/formatMoney';

/**
 * The first amount and the first local time a page formats cost the browser far more than the
 * next ones: its number formatting (Intl.NumberFormat) and the time zone's rules are set up on
 * first use (hundreds of milliseconds on a slow CPU). Done by the first rows, that made the task
 * that writes them the longest before they are on screen. Called while the first page of orders
 * is on its way (bootstrap), each is a task of its own, in the operator's language; what it formats
 * is thrown away. Euro amounts make no Intl.NumberFormat in either language (`formatMoney`).
 */
export function warmRowTexts(language: Language, win: Window = window): () => void {
  const timers = [
    win.setTimeout(() => formatMoney({ amount: 0, currency: 'EUR' }, language), 0),
    win.setTimeout(() => formatInstant('2026-01-01T00:00:00Z', language), 0),
  ];
  return () => timers.forEach((timer) => win.clearTimeout(timer));
}
