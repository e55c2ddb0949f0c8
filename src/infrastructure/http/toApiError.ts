import { isAxiosError } from 'axios';
import { ApiError } from '../../domain/model/ApiError';
import { isProblem } from '../../../shared/Problem';

/**
 * What a failed request rejects with: an answer outside 2xx is an `ApiError` with its status and,
 * when its body is one, the problem (RFC 9457), a file request's body read for it too; no answer
 * (the server could not be reached, a body cut off while it was read, a body that could not be
 * sent) is a network error. An `ApiError` stays as it is.
 */
export async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) {
    return error;
  }
  if (isAxiosError(error) && error.response) {
    const body = await problemBody(error.response.data);
    return new ApiError(error.response.status, isProblem(body) ? body : undefined);
  }
  return new ApiError(0, undefined, 'network');
}

/** The body as axios read it: JSON already parsed, or a file (`Blob`) whose text may be a problem. */
async function problemBody(data: unknown): Promise<unknown> {
  if (!(data instanceof Blob)) {
    return data;
  }
  try {
    return JSON.parse(await data.text()) as unknown;
  } catch {
    return undefined;
  }
}
