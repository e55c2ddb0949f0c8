import type { AreaTexts } from './areaTexts';
import de from './users.de.json';
import en from './users.en.json';

/** The users page's texts, in the `users` chunk. */
export const usersTexts: AreaTexts = { de, en };
