/** The fields of a push payload a notification is shown from. */
export interface PushNotificationOptions {
  body?: string;
  icon?: string;
  dir?: 'auto' | 'ltr' | 'rtl';
  lang?: string;
  data?: Record<string, unknown>;
  tag?: string;
  image?: string;
}

export interface PushNotification {
  title: string;
  options: PushNotificationOptions;
  /** False when the payload was empty or malformed and the generic texts stand in. */
  fromPayload: boolean;
}

/** What is shown when a payload cannot be read: a notification all the same, in the operator's language. */
export interface GenericNotificationTexts {
  title: string;
  body: string;
}

const DIRECTIONS = new Set(['auto', 'ltr', 'rtl']);

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);

/**
 * Reads a push payload (JSON text) into a notification: title, body, icon, dir, lang, data, tag,
 * image. Fields of the wrong type are left out; without a title, or when the text is not a
 * JSON object, the generic notification is shown instead of failing.
 */
export function notificationFromPayload(payload: string | null, generic: GenericNotificationTexts): PushNotification {
  let parsed: unknown;
  try {
    parsed = payload ? JSON.parse(payload) : null;
  } catch {
    parsed = null;
  }
  const fields = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  const title = text(fields?.title);
  if (!fields || !title) {
    return { title: generic.title, options: { body: generic.body }, fromPayload: false };
  }
  const options: PushNotificationOptions = {};
  const set = <K extends keyof PushNotificationOptions>(key: K, value: PushNotificationOptions[K] | undefined) => {
    if (value !== undefined) options[key] = value;
  };
  set('body', text(fields.body));
  set('icon', text(fields.icon));
  set('dir', DIRECTIONS.has(fields.dir as string) ? (fields.dir as PushNotificationOptions['dir']) : undefined);
  set('lang', text(fields.lang));
  set('data', fields.data !== null && typeof fields.data === 'object' && !Array.isArray(fields.data) ? (fields.data as Record<string, unknown>) : undefined);
  set('tag', text(fields.tag));
  set('image', text(fields.image));
  return { title, options, fromPayload: true };
}
