import type { AreaTexts } from './areaTexts';
import de from './orders.de.json';
import en from './orders.en.json';

/** The orders page's, its filter's, the order drawer's and its conflict dialog's texts, in the `orders` chunk. */
export const ordersTexts: AreaTexts = { de, en };
