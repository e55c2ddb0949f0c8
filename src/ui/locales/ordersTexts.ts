import type { AreaTexts } from './areaTexts';
import de from './orders.de.json';
import en from './orders.en.json';
import printDe from './print.de.json';
import printEn from './print.en.json';

/**
 * The orders page's, its filter's, the order drawer's and its conflict dialog's texts, and those of
 * the printed order sheet and list (`print.*`), in the `orders` chunk.
 */
export const ordersTexts: AreaTexts = { de: { ...de, ...printDe }, en: { ...en, ...printEn } };
