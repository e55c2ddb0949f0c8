import type { AreaTexts } from './areaTexts';
import { passwordTexts } from './passwordTexts';
import de from './settings.de.json';
import en from './settings.en.json';

/** The settings page's texts, with those of choosing a password, in the `settings` chunk. */
export const settingsTexts: AreaTexts = { de: { ...de, ...passwordTexts.de }, en: { ...en, ...passwordTexts.en } };
