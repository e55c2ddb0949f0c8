import de from './de.json';
import en from './en.json';

/**
 * The texts the console starts with, in German and English: the login page's and those of code every
 * page runs (errors, notifications, the language switch, the error panel). The signed-in shell's and
 * each page's come with their chunks (`areaTexts`, `routeModules`).
 */
export const resources = {
  de: { translation: de },
  en: { translation: en },
} as const;
