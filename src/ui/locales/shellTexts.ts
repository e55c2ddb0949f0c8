import type { AreaTexts } from './areaTexts';
import de from './shell.de.json';
import en from './shell.en.json';

/** The signed-in shell's (header's live indicator, tour) texts, in the `shell` chunk. */
export const shellTexts: AreaTexts = { de, en };
