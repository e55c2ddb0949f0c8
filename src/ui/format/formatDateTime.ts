import dayjs from 'dayjs';

/**
 * A date and time in the active locale: `24.11.2026 14:30` in German, `24/11/2026 14:30` in
 * English (en-GB). The caller re-renders on a language switch (useTranslation does).
 */
export function formatDateTime(iso: string): string {
  const value = dayjs(iso);
  return value.isValid() ? value.format('L HH:mm') : '';
}
