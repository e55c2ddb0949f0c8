export interface RecordedRequest {
  method: string;
  /** The path under the API base, without the query. */
  url: string;
  headers: Record<string, string>;
  /** The query: a repeated parameter as an array. */
  params: Record<string, string | string[]>;
  body: unknown;
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Handler = (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>;

/**
 * An in-memory backend as the page's `fetch` (`window` of the AxiosHttpClient): records every
 * request as it leaves the browser and answers from handlers keyed by `METHOD /path`; a request
 * nobody handles fails as fetch does when the server cannot be reached.
 */
export class FakeBackend implements Pick<Window, 'fetch'> {
  readonly requests: RecordedRequest[] = [];
  private readonly handlers = new Map<string, Handler>();

  constructor(private readonly base = '/api') {}

  on(route: string, handler: Handler | FakeAnswer): this {
    this.handlers.set(route, typeof handler === 'function' ? handler : () => handler);
    return this;
  }

  /** Called as axios' fetch adapter calls the page's fetch: with the URL and the options, no `Request`. */
  readonly fetch = async (url: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const parsed = new URL(String(url), 'http://localhost');
    const params: Record<string, string | string[]> = {};
    for (const [name, value] of parsed.searchParams) {
      const held = params[name];
      params[name] = held === undefined ? value : [...(Array.isArray(held) ? held : [held]), value];
    }
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      url: parsed.pathname.startsWith(`${this.base}/`) ? parsed.pathname.slice(this.base.length) : parsed.pathname,
      headers: { ...(init.headers as Record<string, string>) },
      params,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    this.requests.push(request);
    const handler = this.handlers.get(`${request.method} ${request.url}`);
    if (!handler) {
      throw new TypeError('Failed to fetch');
    }
    return fakeResponse(await handler(request));
  };
}

/** What of a fetch `Response` axios reads (jsdom has no `Response`). */
function fakeResponse({ status, body, headers = { 'content-type': 'application/json' } }: FakeAnswer): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const answer: Pick<Response, 'status' | 'statusText' | 'ok' | 'headers' | 'text' | 'blob'> = {
    status,
    statusText: String(status),
    ok: status >= 200 && status < 300,
    headers: new Headers(headers),
    text: async () => text,
    blob: async () => (body instanceof Blob ? body : new Blob([text])),
  };
  return answer as Response;
}
