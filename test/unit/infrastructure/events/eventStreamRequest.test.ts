import { requestEventStream, type EventStreamRequest } from '../../../../src/infrastructure/events/eventStreamRequest';

/** An answer of `status` with `headers`, whose body records whether it was let go. */
function answer(status: number, headers: Record<string, string> = {}) {
  const body = { cancelled: false, cancel: () => ((body.cancelled = true), Promise.resolve()) };
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const response = { ok: status >= 200 && status < 300, status, headers: { get: (name: string) => lower[name.toLowerCase()] ?? null }, body } as unknown as Response;
  return { response, body };
}

const NOW = Date.parse('2026-12-06T12:00:00Z');
const request = (resumeFrom: string | null = null): EventStreamRequest => ({
  url: '/api/events',
  headers: { Authorization: 'Bearer t-1', 'x-ui-locale': 'de' },
  resumeFrom,
  signal: new AbortController().signal,
  now: () => NOW,
});

describe('requestEventStream', () => {
  it('asks for the stream with the session\'s headers, never from a cache, and resumes after the last event only when it has one', async () => {
    const calls: [string, RequestInit | undefined][] = [];
    const fetch = (async (url: string, init?: RequestInit) => {
      calls.push([url, init]);
      return answer(200, { 'Content-Type': 'text/event-stream; charset=utf-8' }).response;
    }) as typeof globalThis.fetch;
    await expect(requestEventStream(fetch, request())).resolves.toMatchObject({ kind: 'stream' });
    await requestEventStream(fetch, request('41'));
    expect(calls.map(([url, init]) => [url, init?.method, init?.cache, init?.headers])).toEqual([
      ['/api/events', 'GET', 'no-store', { Accept: 'text/event-stream', Authorization: 'Bearer t-1', 'x-ui-locale': 'de' }],
      ['/api/events', 'GET', 'no-store', { Accept: 'text/event-stream', Authorization: 'Bearer t-1', 'x-ui-locale': 'de', 'Last-Event-ID': '41' }],
    ]);
  });

  it('tells a 401, a refusal with its Retry-After, and a success that is no stream apart, and lets go of their bodies', async () => {
    const refused = answer(401);
    const busy = answer(503, { 'Retry-After': '7' });
    const page = answer(200, { 'Content-Type': 'text/html' });
    const stream = answer(200, { 'Content-Type': 'text/event-stream' });
    const answers = [refused, busy, page, stream];
    const fetch = (async () => answers.shift()?.response) as typeof globalThis.fetch;
    await expect(requestEventStream(fetch, request())).resolves.toEqual({ kind: 'unauthorized' });
    await expect(requestEventStream(fetch, request())).resolves.toEqual({ kind: 'refused', retryAfterMs: 7000 });
    await expect(requestEventStream(fetch, request())).resolves.toEqual({ kind: 'notAnEventStream' });
    await expect(requestEventStream(fetch, request())).resolves.toEqual({ kind: 'stream', response: stream.response });
    expect([refused, busy, page, stream].map(({ body }) => body.cancelled)).toEqual([true, true, true, false]);
  });

  it('reads a Retry-After date from the moment the answer came, takes a refusal without one as asking no wait, and a network error as unreachable', async () => {
    const dated = (async () => answer(429, { 'Retry-After': 'Sun, 06 Dec 2026 12:00:30 GMT' }).response) as typeof globalThis.fetch;
    await expect(requestEventStream(dated, request())).resolves.toEqual({ kind: 'refused', retryAfterMs: 30_000 });
    const fetch = (async () => answer(502).response) as typeof globalThis.fetch;
    await expect(requestEventStream(fetch, request())).resolves.toEqual({ kind: 'refused', retryAfterMs: null });
    const failing = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof globalThis.fetch;
    await expect(requestEventStream(failing, request())).resolves.toEqual({ kind: 'unreachable' });
  });
});
