import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { Language } from '../../../shared/Language';
import { isLocalDate, type LocalDate } from '../../domain/model/LocalDate';

dayjs.extend(customParseFormat);

/** The date format of each language: German `DD.MM.YYYY`, English (en-GB) `DD/MM/YYYY`. */
export const DATE_FORMATS: Record<Language, string> = { de: 'DD.MM.YYYY', en: 'DD/MM/YYYY' };

/** Time is `HH:mm` in both. */
export const TIME_FORMAT = 'HH:mm';

export function dateTimeFormat(language: Language): string {
  return `${DATE_FORMATS[language]} ${TIME_FORMAT}`;
}

/**
 * A typed date, read strictly in the language's format: `31.02.2026`, `2026-01-05` in German or
 * `12/31/2026` in English give null, never a guess.
 */
export function parseLocalDate(text: string, language: Language): LocalDate | null {
  const parsed = dayjs(text.trim(), DATE_FORMATS[language], true);
  return parsed.isValid() ? parsed.format('YYYY-MM-DD') : null;
}

export function formatLocalDate(day: LocalDate, language: Language): string {
  return isLocalDate(day) ? dayjs(day, 'YYYY-MM-DD', true).format(DATE_FORMATS[language]) : '';
}

/** A typed date and time (`DD.MM.YYYY HH:mm` / `DD/MM/YYYY HH:mm`) as an ISO instant, or null. */
export function parseDateTime(text: string, language: Language): string | null {
  const parsed = dayjs(text.trim(), dateTimeFormat(language), true);
  return parsed.isValid() ? parsed.toISOString() : null;
}

/** An instant with its offset (`…Z`, `…+01:00`): the Date constructor reads it exactly as dayjs does. */
const INSTANT = /(?:[zZ]|[+-]\d\d:?\d\d)$/;

const pad = (value: number) => (value < 10 ? `0${value}` : String(value));

/**
 * An instant as `DD.MM.YYYY HH:mm` / `DD/MM/YYYY HH:mm` in local time. Written out by hand because
 * the orders grid formats two per row on every scroll frame and dayjs's parse and format cost ten times more.
 */
export function formatDateTimeIn(iso: string, language: Language): string {
  if (!INSTANT.test(iso)) {
    const value = dayjs(iso);
    return value.isValid() ? value.format(dateTimeFormat(language)) : '';
  }
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) {
    return '';
  }
  const separator = language === 'en' ? '/' : '.';
  const year = date.getFullYear();
  return `${pad(date.getDate())}${separator}${pad(date.getMonth() + 1)}${separator}${year < 1000 ? String(year).padStart(4, '0') : year} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
