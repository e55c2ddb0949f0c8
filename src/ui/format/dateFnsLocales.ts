import { de, enGB } from 'date-fns/locale';
import type { Language } from '../../../shared/Language';

/** The date-fns locales Blueprint's date inputs use for each language (both start weeks on Monday). */
export const DATE_FNS_LOCALES = { de, en: enGB } as const satisfies Record<Language, unknown>;
