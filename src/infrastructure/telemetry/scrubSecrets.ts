import type { AnyValue } from '@opentelemetry/api-logs';

/** What a secret is replaced with. */
export const REDACTED = '[redacted]';

/** Attribute keys whose value is a secret whatever it looks like: `http.request.header.authorization`, `password`, `x-api-key` … */
const SECRET_KEY = /authori[sz]ation|password|passwd|secret|token|cookie|api[-_.]?key|credential/i;

/** Text patterns that are secrets wherever they appear (messages, URLs, stack traces). */
const SECRET_TEXT: [RegExp, string][] = [
  // `Bearer <token>`, `Basic <credentials>`: the scheme stays, the credentials go.
  [/\b(Bearer|Basic)(\s+)[^\s"',;]+/gi, `$1$2${REDACTED}`],
  // A JWT: three base64url parts, the first of them a JSON object (`{"` encodes as `eyJ`).
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, REDACTED],
  // Query and fragment parameters named like a secret: `?token=…`, `&access_token=…`, `#id_token=…`, `password=…`.
  [/([?&#;][^=&#\s]*(?:token|password|passwd|secret|api[-_.]?key)[^=&#\s]*=)[^&#\s"']*/gi, `$1${REDACTED}`],
];

/** `text` with every token, credential and secret parameter replaced. */
export function scrubText(text: string): string {
  let scrubbed = text;
  for (const [pattern, replacement] of SECRET_TEXT) {
    scrubbed = scrubbed.replace(pattern, replacement);
  }
  return scrubbed;
}

/** A copy of an attribute or log value with secrets removed: strings scrubbed, nested maps and lists walked. */
export function scrubValue(value: AnyValue): AnyValue {
  if (typeof value === 'string') {
    return scrubText(value);
  }
  if (Array.isArray(value)) {
    return value.map(scrubValue);
  }
  if (value !== null && typeof value === 'object' && !(value instanceof Uint8Array)) {
    return scrubAttributes(value);
  }
  return value;
}

/**
 * A copy of an attribute map in which every value under a secret-sounding key is `[redacted]` and
 * every other value is scrubbed.
 */
export function scrubAttributes<T extends Record<string, AnyValue>>(attributes: T): T {
  const scrubbed: Record<string, AnyValue> = {};
  for (const [key, value] of Object.entries(attributes)) {
    scrubbed[key] = SECRET_KEY.test(key) && value !== undefined && value !== null ? REDACTED : scrubValue(value);
  }
  return scrubbed as T;
}
