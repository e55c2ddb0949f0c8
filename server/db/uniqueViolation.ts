/** Whether `error` is a unique violation of PostgreSQL (SQLSTATE 23505), as either engine reports it: a row with that key exists. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
