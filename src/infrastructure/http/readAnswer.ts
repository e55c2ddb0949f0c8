import { ApiError } from '../../domain/model/ApiError';
import { isProblem } from '../../../shared/Problem';
import type { RequestOptions } from '../../domain/ports/HttpClient';

/** What of a fetch `Response` the client reads. */
export type Answer = Pick<Response, 'status' | 'ok' | 'text' | 'blob'>;

/**
 * The body of a 2xx answer: as JSON (text that is not JSON as it came, an empty body as
 * `undefined`), or the `Blob` when a file was asked for. Any other status rejects with an
 * `ApiError` carrying the problem body (RFC 9457) when the answer is one.
 */
export async function readAnswer<T>(answer: Answer, responseType: NonNullable<RequestOptions['responseType']>): Promise<T> {
  if (!answer.ok) {
    const body = parseJson(await answer.text());
    throw new ApiError(answer.status, isProblem(body) ? body : undefined);
  }
  if (responseType === 'blob') {
    return (await answer.blob()) as T;
  }
  return parseJson(await answer.text()) as T;
}

function parseJson(text: string): unknown {
  if (text === '') {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
