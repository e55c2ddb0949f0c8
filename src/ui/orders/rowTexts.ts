import type { TFunction } from 'i18next';
import type { Order } from '../../domain/model/Order';
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

const caches = new Map<string, WeakMap<Order, RowTexts>>();

export function rowTexts(order: Order, language: string, t: TFunction): RowTexts {
  let cache = caches.get(language);
  if (!cache) {
    cache = new WeakMap();
    caches.set(language, cache);
  }
  let texts = cache.get(order);
  if (!texts) {
    texts = {
      status: t(`status.${order.status}`),
      begin: formatDateTime(order.begin),
      end: formatDateTime(order.end),
      vehicle: `${order.vehicle.make} ${order.vehicle.model}`,
      price: formatMoney(order.price),
    };
    cache.set(order, texts);
  }
  return texts;
}
