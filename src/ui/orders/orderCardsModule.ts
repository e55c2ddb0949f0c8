import { loadOnce } from '../routing/loadOnce';

/**
 * The phone's order cards (`order-cards`, a chunk of their own: the desk's first screen does not
 * carry them), imported once: by the orders page on a phone, or beside the page at a start on one
 * (`preloadFirstScreen`), so the cards do not wait for the page's code to ask for them.
 */
export const loadOrderCards = loadOnce(() => import(/* webpackChunkName: "order-cards" */ './OrderCards'));
