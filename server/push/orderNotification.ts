import type { Language } from '../../shared/Language';

/**
 * What the service worker shows for a push (the fields of `showNotification`): `data.url` is the
 * console path a click opens. `image` is part of the contract; new orders carry none.
 */
export interface PushNotificationPayload {
  title: string;
  body: string;
  icon: string;
  dir: 'ltr' | 'rtl' | 'auto';
  lang: Language;
  tag: string;
  data: { url: string; orderId: string };
  image?: string;
}

/** The parts of an `order.created` event's order that the notification tells. */
export interface NewOrderFacts {
  id: string;
  number: string;
  begin: string;
  station: string;
  customer: { name: string };
}

/**
 * The largest payload sent, in UTF-8 bytes of its JSON. Push services need accept only 4096 bytes of
 * encrypted body (RFC 8030, 7.2); `aes128gcm` adds 103 (a 86-byte header, the padding delimiter and a
 * 16-byte tag, RFC 8291, 4), so the message as sent stays within 4 KiB.
 */
export const MAX_PAYLOAD_BYTES = 4096 - 103;

/** The console ships this icon (192 px); the notification shows it beside the text. */
export const NOTIFICATION_ICON = '/icons/icon-192.png';

/**
 * Users have no time zone of their own: a begin is told in the zone of the language's country
 * (as the demo tenants' profiles have it), with the zone left unsaid.
 */
const TIME_ZONES: Record<Language, string> = { de: 'Europe/Berlin', en: 'Europe/London' };

const DATE_FORMATS: Record<Language, Intl.DateTimeFormat> = {
  de: new Intl.DateTimeFormat('de-DE', {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: TIME_ZONES.de,
  }),
  en: new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: TIME_ZONES.en,
  }),
};

const TEXTS: Record<Language, { title: (number: string) => string; body: (customer: string, begin: string, station: string) => string }> = {
  de: {
    title: (number) => `Neuer Auftrag ${number}`,
    body: (customer, begin, station) => `${customer}\nBeginn: ${begin} Uhr · Station: ${station}`,
  },
  en: {
    title: (number) => `New order ${number}`,
    body: (customer, begin, station) => `${customer}\nBegins: ${begin} · Station: ${station}`,
  },
};

function isText(value: unknown): value is string {
  return typeof value === 'string';
}

/** The facts of the order an `order.created` event carries (its JSON data), or undefined when it is not one. */
export function newOrderFacts(data: string): NewOrderFacts | undefined {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return undefined;
  }
  const order = value as Partial<NewOrderFacts> | null;
  if (
    typeof order !== 'object' ||
    order === null ||
    !isText(order.id) ||
    !isText(order.number) ||
    !isText(order.begin) ||
    !isText(order.station) ||
    !isText(order.customer?.name)
  ) {
    return undefined;
  }
  return { id: order.id, number: order.number, begin: order.begin, station: order.station, customer: { name: order.customer.name } };
}

/** UTF-8 bytes of the payload as sent. */
export function payloadBytes(payload: PushNotificationPayload): number {
  return Buffer.byteLength(JSON.stringify(payload), 'utf8');
}

/**
 * Fits the payload into `maxBytes`: the image goes first, then the body is cut (at a character,
 * ending with "…"), then the title. Answers undefined when even that does not fit; never more.
 */
export function fitPayload(payload: PushNotificationPayload, maxBytes = MAX_PAYLOAD_BYTES): PushNotificationPayload | undefined {
  if (payloadBytes(payload) <= maxBytes) {
    return payload;
  }
  const { image: _image, ...withoutImage } = payload;
  if (payloadBytes(withoutImage) <= maxBytes) {
    return withoutImage;
  }
  const shortBody = shorten(withoutImage, 'body', maxBytes);
  if (shortBody) {
    return shortBody;
  }
  return shorten({ ...withoutImage, body: '' }, 'title', maxBytes);
}

/** The longest cut of `field` (whole characters plus "…") with which the payload fits, if any. */
function shorten(
  payload: PushNotificationPayload,
  field: 'body' | 'title',
  maxBytes: number,
): PushNotificationPayload | undefined {
  const characters = [...payload[field]];
  const cut = (length: number): PushNotificationPayload => ({
    ...payload,
    [field]: length === 0 ? '' : `${characters.slice(0, length).join('').trimEnd()}…`,
  });
  if (payloadBytes(cut(0)) > maxBytes) {
    return undefined;
  }
  // The longest length that fits: lengths that fit form a prefix of 0 … characters.length - 1.
  let fits = 0;
  let tooLong = characters.length;
  while (tooLong - fits > 1) {
    const middle = Math.floor((fits + tooLong) / 2);
    if (payloadBytes(cut(middle)) <= maxBytes) {
      fits = middle;
    } else {
      tooLong = middle;
    }
  }
  return cut(fits);
}

/**
 * The notification of a new order in the user's language: "Neuer Auftrag AN-2026-000123" /
 * "New order AN-2026-000123", the customer, begin and station; a click opens the order. Fitted into
 * the payload limit; undefined when it cannot be.
 */
export function newOrderNotification(order: NewOrderFacts, language: Language, maxBytes = MAX_PAYLOAD_BYTES): PushNotificationPayload | undefined {
  const texts = TEXTS[language];
  const begin = Number.isNaN(Date.parse(order.begin)) ? order.begin : DATE_FORMATS[language].format(new Date(order.begin));
  return fitPayload(
    {
      title: texts.title(order.number),
      body: texts.body(order.customer.name, begin, order.station),
      icon: NOTIFICATION_ICON,
      dir: 'ltr',
      lang: language,
      tag: `order-${order.id}`,
      data: { url: `/orders/${encodeURIComponent(order.id)}`, orderId: order.id },
    },
    maxBytes,
  );
}
