import type { Order } from '../../../shared/Order';
import type { OrderStatus } from '../../../shared/OrderStatus';
import { formatDateTime } from '../format/formatDateTime';
import { formatMoney } from '../format/formatMoney';

/** The texts of one row, formatted once per order and language (orders are replaced, never changed). */
export interface RowTexts {
  status: string;
  begin: string;
  end: string;
  vehicle: string;
  price: string;
}

/** Per language: the texts of each order seen, and the status names (a translation lookup is costly). */
interface LanguageCache {
  rows: WeakMap<Order, RowTexts>;
  statuses: Map<OrderStatus, string>;
}

const caches = new Map<string, LanguageCache>();

/** `t`: the texts' lookup (i18next's `t`). */
export function rowTexts(order: Order, language: string, t: (key: string) => string): RowTexts {
  let cache = caches.get(language);
  if (!cache) {
    cache = { rows: new WeakMap(), statuses: new Map() };
    caches.set(language, cache);
  }
  let texts = cache.rows.get(order);
  if (!texts) {
    let status = cache.statuses.get(order.status);
    if (status === undefined) {
      status = t(`status.${order.status}`);
      cache.statuses.set(order.status, status);
    }
    texts = {
      status,
      begin: formatDateTime(order.begin, language),
      end: formatDateTime(order.end, language),
      vehicle: `${order.vehicle.make} ${order.vehicle.model}`,
      price: formatMoney(order.price, language),
    };
    cache.rows.set(order, texts);
  }
  return texts;
}
