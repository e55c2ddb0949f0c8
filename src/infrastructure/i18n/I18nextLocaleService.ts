import type { i18n } from 'i18next';
import type { Language } from '../../../shared/Language';
import type { LocaleService } from '../../domain/ports/LocaleService';

/**
 * Puts a language into effect in i18next and `<html lang>`. Dates and times are formatted in the
 * language handed to the formatter (src/ui/format), with no library-wide locale to set: dayjs comes
 * with the pages that show dates, not with the login page.
 */
export class I18nextLocaleService implements LocaleService {
  constructor(
    private readonly i18n: i18n,
    private readonly document: Document,
  ) {}

  apply(language: Language): void {
    void this.i18n.changeLanguage(language);
    this.document.documentElement.lang = language;
  }
}
