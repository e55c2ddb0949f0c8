import { retryAfterMs } from '../../../shared/retryAfter';

/** How the backend answered one request for the live stream. */
export type EventStreamAnswer =
  /** A network error, or the request's own abort. */
  | { kind: 'unreachable' }
  /** 401: the token the request carried counts no more. */
  | { kind: 'unauthorized' }
  /** Any other refusal; `retryAfterMs` from its `Retry-After`, if it had one. */
  | { kind: 'refused'; retryAfterMs: number | null }
  /** A success that is no event stream (a proxy's page, a misrouted request). */
  | { kind: 'notAnEventStream' }
  /** The stream, to be read (or discarded, if no longer wanted). */
  | { kind: 'stream'; response: Response };

export interface EventStreamRequest {
  url: string;
  /** The session's headers (the token, the language). */
  headers: Record<string, string>;
  /** The id of the last event handled, from which the backend resumes (`Last-Event-ID`); none: it starts with a `reset`. */
  resumeFrom: string | null;
  signal: AbortSignal;
  /** Now, for a `Retry-After` given as a date. */
  now: () => number;
}

const ignore = (): void => undefined;

/** Lets go of an answer's body that will not be read. */
export function discard(response: Response): void {
  void response.body?.cancel().catch(ignore);
}

function isEventStream(response: Response): boolean {
  const type = response.headers.get('Content-Type') ?? '';
  return type.split(';')[0]?.trim().toLowerCase() === 'text/event-stream';
}

/**
 * Asks for the live stream (`GET`, never from a cache) and tells what came: every answer but the
 * stream itself has its body discarded here.
 */
export async function requestEventStream(fetch: typeof globalThis.fetch, request: EventStreamRequest): Promise<EventStreamAnswer> {
  const headers: Record<string, string> = { Accept: 'text/event-stream', ...request.headers };
  if (request.resumeFrom !== null) {
    headers['Last-Event-ID'] = request.resumeFrom;
  }
  let response: Response;
  try {
    response = await fetch(request.url, { method: 'GET', headers, cache: 'no-store', signal: request.signal });
  } catch {
    return { kind: 'unreachable' };
  }
  if (response.ok && isEventStream(response)) {
    return { kind: 'stream', response };
  }
  discard(response);
  if (response.status === 401) {
    return { kind: 'unauthorized' };
  }
  return response.ok ? { kind: 'notAnEventStream' } : { kind: 'refused', retryAfterMs: retryAfterMs(response.headers.get('Retry-After'), request.now()) };
}
