import type { Order } from '../../../shared/Order';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../shared/Language';
import { formatDateTimeIn } from '../format/dates';
import { formatMoney } from '../format/formatMoney';

/** What a card says of an order beyond its number and status, in the language. */
export interface CardTexts {
  /** `24.11.2026 14:30 – 16:00`; both dates when the order ends on another day. */
  time: string;
  /** The car and its plate: `VW Golf · B-AB 1234`. */
  car: string;
  /** The station and the service: `Berlin Mitte · Inspektion`. */
  place: string;
  price: string;
}

const cache = new Map<string, WeakMap<Order, CardTexts>>();

/** The texts of `order`'s card in `language`, formatted once per order and language (orders are replaced, never changed). */
export function cardTexts(order: Order, language: string): CardTexts {
  const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  let byOrder = cache.get(lang);
  if (!byOrder) {
    byOrder = new WeakMap();
    cache.set(lang, byOrder);
  }
  let texts = byOrder.get(order);
  if (!texts) {
    const begin = formatDateTimeIn(order.begin, lang);
    const end = formatDateTimeIn(order.end, lang);
    const [beginDay] = begin.split(' ');
    const [endDay, endTime] = end.split(' ');
    texts = {
      time: `${begin} – ${beginDay === endDay && endTime ? endTime : end}`,
      car: `${order.vehicle.make} ${order.vehicle.model} · ${order.vehicle.licensePlate}`,
      place: `${order.station} · ${order.service}`,
      price: formatMoney(order.price, lang),
    };
    byOrder.set(order, texts);
  }
  return texts;
}
