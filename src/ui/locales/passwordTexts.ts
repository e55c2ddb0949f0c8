import type { AreaTexts } from './areaTexts';
import de from './password.de.json';
import en from './password.en.json';

/** The texts of choosing a password (the rule as it is typed), for the settings page and the first sign-in. */
export const passwordTexts: AreaTexts = { de, en };
