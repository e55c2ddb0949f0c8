import { ApiError } from '../../domain/model/ApiError';

/**
 * What a failed request rejects with: an `ApiError` the answer became stays as it is; anything else
 * (fetch rejecting because the server could not be reached, a body cut off while it was read, a
 * body that could not be sent) is a network error.
 */
export function toApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, undefined, 'network');
}
