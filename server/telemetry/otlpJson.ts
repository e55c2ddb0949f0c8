import { TelemetryDecodeError } from './TelemetryDecodeError';

/** A JSON object of an OTLP/JSON body (lowerCamelCase keys). */
export type JsonObject = Record<string, unknown>;

/** The body as JSON, which must be an object. */
export function parseJsonObject(body: Uint8Array): JsonObject {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8'));
  } catch {
    throw new TelemetryDecodeError('the body is not valid JSON');
  }
  return asObject(value, 'the request');
}

function asObject(value: unknown, what: string): JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TelemetryDecodeError(`${what} is not an object`);
  }
  return value as JsonObject;
}

/** The objects of the repeated field `key`; absent or null is empty, as in protobuf's JSON mapping. */
export function objectsAt(object: JsonObject, key: string): JsonObject[] {
  const value = object[key];
  if (value === undefined || value === null) {
    return [];
  }
  if (!Array.isArray(value)) {
    throw new TelemetryDecodeError(`${key} is not an array`);
  }
  return value.map((item) => asObject(item, `an element of ${key}`));
}

/** The string field `key`; absent or null is the empty string. */
export function stringAt(object: JsonObject, key: string): string {
  const value = object[key];
  if (value === undefined || value === null) {
    return '';
  }
  if (typeof value !== 'string') {
    throw new TelemetryDecodeError(`${key} is not a string`);
  }
  return value;
}
