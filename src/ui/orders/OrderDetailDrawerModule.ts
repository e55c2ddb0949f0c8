import { loadOnce } from '../routing/loadOnce';

export type OrderDetailDrawerModule = typeof import('./OrderDetailDrawer');

let loaded: OrderDetailDrawerModule | null = null;

/**
 * The order drawer's chunk (`order-detail`: the drawer, the conflict dialog, Blueprint's Drawer),
 * imported once: when an order is first opened (`OrderDetailDrawerLoader`), at a start on
 * `/orders/:id` (`preloadFirstScreen`), or when the browser is idle after the first rows
 * (`OrdersPage`). A failed import is forgotten, so the next call tries again.
 */
export const loadOrderDetailDrawer = loadOnce(() =>
  import(/* webpackChunkName: "order-detail" */ './OrderDetailDrawer').then((module) => {
    loaded = module;
    return module;
  }),
);

/** The drawer's module once it has arrived (a drawer opened then draws at once), else null. */
export function loadedOrderDetailDrawer(): OrderDetailDrawerModule | null {
  return loaded;
}
