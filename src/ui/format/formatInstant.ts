import type { Language } from '../../../shared/Language';

/** An instant with its offset (`…Z`, `…+01:00`): the Date constructor reads it exactly as dayjs does. */
export const INSTANT = /(?:[zZ]|[+-]\d\d:?\d\d)$/;

const pad = (value: number) => (value < 10 ? `0${value}` : String(value));

/**
 * An instant with its offset (`INSTANT`) as `DD.MM.YYYY HH:mm` / `DD/MM/YYYY HH:mm` in local time,
 * '' when it names no time. Written out by hand because the orders grid formats two per row on
 * every scroll frame and dayjs's parse and format cost ten times more; and without dayjs, so the
 * entry's code can use it (`warmRowTexts`) without bringing dayjs to the login page.
 */
export function formatInstant(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) {
    return '';
  }
  const separator = language === 'en' ? '/' : '.';
  const year = date.getFullYear();
  return `${pad(date.getDate())}${separator}${pad(date.getMonth() + 1)}${separator}${year < 1000 ? String(year).padStart(4, '0') : year} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
