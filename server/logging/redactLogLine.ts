import { isSecretName, REDACTED, redactSecretText } from '../../shared/redactSecrets';

/**
 * `value` without secrets: every string (and object key) passes `redactSecretText`; a string, object or
 * list under a secret-sounding name (`authorization`, `cookie`, `password`, `token` …) becomes
 * `[redacted]` as a whole (numbers and booleans stay: `tokenTtlSeconds: 28800` is no secret).
 * What holds nothing to redact is returned as it is, the same object.
 */
function redactValue(value: unknown): unknown {
  if (typeof value === 'string') {
    return redactSecretText(value);
  }
  if (Array.isArray(value)) {
    const items = value.map(redactValue);
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  if (value === null || typeof value !== 'object') {
    return value;
  }
  let changed = false;
  const entries = Object.entries(value).map(([key, item]): [string, unknown] => {
    const redactedKey = redactSecretText(key);
    const secret = isSecretName(key) && item !== null && (typeof item === 'string' || typeof item === 'object');
    const redactedItem = secret ? REDACTED : redactValue(item);
    changed ||= redactedKey !== key || redactedItem !== item;
    return [redactedKey, redactedItem];
  });
  return changed ? Object.fromEntries(entries) : value;
}

/**
 * A log line as pino writes it (one JSON object and a line break) without tokens, credentials and
 * secret URL parameters, wherever they are: message, bindings, serialized errors (message, stack,
 * cause), requests, headers. A line with nothing to redact is returned unchanged; one that is not
 * JSON is redacted as text.
 */
export function redactLogLine(line: string): string {
  const content = line.trimEnd();
  const ending = line.slice(content.length);
  let entry: unknown;
  try {
    entry = JSON.parse(content);
  } catch {
    return redactSecretText(line);
  }
  const redacted = redactValue(entry);
  return redacted === entry ? line : `${JSON.stringify(redacted)}${ending}`;
}
