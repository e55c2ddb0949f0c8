import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { Language } from '../../../shared/Language';
import { isLocalDate, type LocalDate } from '../../domain/model/LocalDate';
import { formatInstant, INSTANT } from './formatInstant';

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

/**
 * A date and time as `DD.MM.YYYY HH:mm` / `DD/MM/YYYY HH:mm` in local time: an instant with its
 * offset by hand (`formatInstant`), anything else as dayjs reads it.
 */
export function formatDateTimeIn(iso: string, language: Language): string {
  if (!INSTANT.test(iso)) {
    const value = dayjs(iso);
    return value.isValid() ? value.format(dateTimeFormat(language)) : '';
  }
  return formatInstant(iso, language);
}
