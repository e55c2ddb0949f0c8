import de from './de.json';
import en from './en.json';

/** Every text an operator reads, in German and English. */
export const resources = {
  de: { translation: de },
  en: { translation: en },
} as const;
