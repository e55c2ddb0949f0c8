import type { AnyValue } from '@opentelemetry/api-logs';
import { isSecretName, REDACTED, redactSecretText } from '../../../shared/redactSecrets';

/** `text` with every token, credential and secret URL parameter replaced: the rule the backend's log applies too. */
export const scrubText = redactSecretText;

/** A copy of an attribute or log value with secrets removed: strings scrubbed, nested maps and lists walked. */
export function scrubValue(value: AnyValue): AnyValue {
  if (typeof value === 'string') {
    return redactSecretText(value);
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
    scrubbed[key] = isSecretName(key) && value !== undefined && value !== null ? REDACTED : scrubValue(value);
  }
  return scrubbed as T;
}
