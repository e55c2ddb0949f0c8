/** An Error for whatever was thrown or rejected: errors as they are, anything else described in one. */
export function toError(value: unknown): Error {
  if (value instanceof Error) {
    return value;
  }
  if (typeof value === 'string') {
    return new Error(value);
  }
  try {
    return new Error(JSON.stringify(value) ?? String(value));
  } catch {
    return new Error(String(value));
  }
}
