import dayjs from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/en-gb';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import type { i18n } from 'i18next';
import type { Language } from '../../../shared/Language';
import type { LocaleService } from '../../domain/ports/LocaleService';

dayjs.extend(localizedFormat);

/** The dayjs locale of each language (de-DE and en-GB; both start the week on Monday). */
export const DAYJS_LOCALES: Record<Language, string> = { de: 'de', en: 'en-gb' };

/** Puts a language into effect in i18next, dayjs and `<html lang>`. */
export class DayjsI18nextLocaleService implements LocaleService {
  constructor(
    private readonly i18n: i18n,
    private readonly document: Document,
  ) {}

  apply(language: Language): void {
    void this.i18n.changeLanguage(language);
    dayjs.locale(DAYJS_LOCALES[language]);
    this.document.documentElement.lang = language;
  }
}
