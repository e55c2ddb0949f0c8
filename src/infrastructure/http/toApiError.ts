import { isAxiosError } from 'axios';
import { ApiError } from '../../domain/model/ApiError';
import { isProblem } from '../../domain/model/Problem';

/** Turns whatever axios rejected with into an `ApiError`: a problem body when the backend sent one. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) {
    return error;
  }
  if (isAxiosError(error) && error.response) {
    const body: unknown = error.response.data;
    return new ApiError(error.response.status, isProblem(body) ? body : undefined);
  }
  return new ApiError(0, undefined, 'network');
}
