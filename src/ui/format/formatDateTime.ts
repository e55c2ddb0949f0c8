import { DEFAULT_LANGUAGE, isLanguage } from '../../../shared/Language';
import { formatDateTimeIn } from './dates';

/**
 * A date and time in the language of the texts (`i18n.language`): `24.11.2026 14:30` in
 * German, `24/11/2026 14:30` in English (en-GB); in the default language's format should the texts
 * have another. The caller re-renders on a language switch (useTranslation does).
 */
export function formatDateTime(iso: string, language: string): string {
  return formatDateTimeIn(iso, isLanguage(language) ? language : DEFAULT_LANGUAGE);
}
