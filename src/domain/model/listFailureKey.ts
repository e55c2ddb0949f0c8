import { isApiError } from './ApiError';

/**
 * The translation key of a failed order list or export: a 400 naming `begin` or `end` is the API
 * refusing the days (its texts take `days`, the longest range), anything else its kind.
 */
export function listFailureKey(error: unknown): string {
  if (!isApiError(error)) {
    return 'errors.unexpected';
  }
  const refusesDays = error.status === 400 && error.fieldErrors.some(({ field }) => field === 'begin' || field === 'end');
  return refusesDays ? 'orders.rangeRefused' : error.messageKey;
}
