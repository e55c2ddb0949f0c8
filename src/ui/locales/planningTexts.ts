import type { AreaTexts } from './areaTexts';
import ordersDe from './orders.de.json';
import ordersEn from './orders.en.json';
import de from './planning.de.json';
import en from './planning.en.json';

/**
 * The planning board's texts, in the `planning` chunk, with the orders page's (the filters, the
 * statuses and the conflict view it shares with the list; one module shared by both chunks).
 */
export const planningTexts: AreaTexts = { de: { ...ordersDe, ...de }, en: { ...ordersEn, ...en } };
