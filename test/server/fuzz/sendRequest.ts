import type { FuzzRequest } from './fuzzRequest';
import { target } from './fuzzRequest';

/** What came back: status, headers and the body's text (a stream: its first bytes). */
export interface FuzzAnswer {
  status: number;
  headers: Headers;
  text: string;
}

const ANSWER_TIMEOUT_MS = 15_000;

/**
 * A header value as a client sends it: beyond Latin-1, its UTF-8 bytes (fetch takes one character
 * per byte); without the spaces and tabs around it, which HTTP does not count.
 */
function asHeaderBytes(value: string): string {
  const trimmed = value.replace(/^[ \t]+|[ \t]+$/g, '');
  return /[^\u0000-\u00ff]/.test(trimmed) ? Buffer.from(trimmed, 'utf8').toString('latin1') : trimmed;
}

/**
 * Sends a request through the test file's `fetch` (every answer is held to the contract there, see
 * checkResponses.ts) with the actor's current token unless the request brings an `Authorization`
 * of its own. An event stream is read to its first bytes and closed.
 */
export async function sendRequest(baseUrl: string, request: FuzzRequest, token: string | undefined): Promise<FuzzAnswer> {
  const headers = new Headers();
  if (token !== undefined && !('authorization' in request.headers)) {
    headers.set('authorization', `Bearer ${token}`);
  }
  for (const [name, value] of Object.entries(request.headers)) {
    headers.set(name, asHeaderBytes(value));
  }
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms`)), ANSWER_TIMEOUT_MS);
  try {
    const response = await fetch(`${baseUrl}${target(request)}`, { method: request.method, headers, body: request.body, redirect: 'manual', signal: abort.signal });
    let text: string;
    if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      const reader = response.body?.getReader();
      const first = await reader?.read();
      text = first?.value ? Buffer.from(first.value).toString('utf8') : '';
      await reader?.cancel();
    } else {
      text = await response.text();
    }
    return { status: response.status, headers: response.headers, text };
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
}
