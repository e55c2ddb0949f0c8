import { LANGUAGES, type Language } from '../../../shared/Language';
import type { AreaTexts } from '../../../src/ui/locales/areaTexts';
import { ordersTexts } from '../../../src/ui/locales/ordersTexts';
import planningDe from '../../../src/ui/locales/planning.de.json';
import planningEn from '../../../src/ui/locales/planning.en.json';
import { resources } from '../../../src/ui/locales/resources';
import { settingsTexts } from '../../../src/ui/locales/settingsTexts';
import { shellTexts } from '../../../src/ui/locales/shellTexts';
import { usersTexts } from '../../../src/ui/locales/usersTexts';

/** The texts of the parts that bring their own (`routeModules`), by name. */
export const AREA_TEXTS: Readonly<Record<'shell' | 'orders' | 'planning' | 'settings' | 'users', AreaTexts>> = {
  shell: shellTexts,
  orders: ordersTexts,
  // The board's own (its chunk brings the orders' texts too, which are `orders` here).
  planning: { de: planningDe, en: planningEn },
  // With the texts of choosing a password, which the first sign-in's chunk brings too.
  settings: settingsTexts,
  users: usersTexts,
};

/** A deep merge of plain text trees; a key in both is an error (each text lives in one place). */
export function mergeTexts(into: Record<string, unknown>, from: object, prefix = ''): Record<string, unknown> {
  for (const [key, value] of Object.entries(from)) {
    const there = into[key];
    if (typeof value === 'object' && value !== null && typeof there === 'object' && there !== null) {
      mergeTexts(there as Record<string, unknown>, value, `${prefix}${key}.`);
    } else if (there !== undefined) {
      throw new Error(`the text ${prefix}${key} is in two places`);
    } else {
      into[key] = typeof value === 'object' && value !== null ? mergeTexts({}, value) : value;
    }
  }
  return into;
}

/**
 * Every text of the console in every language, as a view rendered alone (without its route's chunk
 * adding its texts) needs them: the entry's and every part's.
 */
export const allResources = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    { translation: Object.values(AREA_TEXTS).reduce((all, area) => mergeTexts(all, area[language]), mergeTexts({}, resources[language].translation)) },
  ]),
) as Record<Language, { translation: Record<string, unknown> }>;
