import type { Language } from '../../../shared/Language';

/** Puts a language into effect: interface texts, date locale (de-DE / en-GB) and the document's language. */
export interface LocaleService {
  apply(language: Language): void;
}

export const LocaleService = Symbol('LocaleService');
