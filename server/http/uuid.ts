const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID: the form of every id in the database (a path segment that is none names nothing). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
