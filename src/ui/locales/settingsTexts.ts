import type { AreaTexts } from './areaTexts';
import de from './settings.de.json';
import en from './settings.en.json';

/** The settings page's texts, in the `settings` chunk. */
export const settingsTexts: AreaTexts = { de, en };
