import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  params: unknown;
  body: unknown;
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Handler = (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>;

/**
 * An in-memory backend behind axios' adapter: records every request as it would leave the
 * browser and answers from handlers keyed by `METHOD /path`.
 */
export class FakeBackend {
  readonly requests: RecordedRequest[] = [];
  private readonly handlers = new Map<string, Handler>();

  on(route: string, handler: Handler | FakeAnswer): this {
    this.handlers.set(route, typeof handler === 'function' ? handler : () => handler);
    return this;
  }

  readonly adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const headers = AxiosHeaders.from(config.headers).toJSON() as Record<string, string>;
    const request: RecordedRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      headers,
      params: config.params,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    };
    this.requests.push(request);
    const handler = this.handlers.get(`${request.method} ${request.url}`);
    if (!handler) {
      throw new AxiosError('connect ECONNREFUSED', 'ERR_NETWORK', config);
    }
    const answer = await handler(request);
    const response = {
      data: answer.body,
      status: answer.status,
      statusText: String(answer.status),
      headers: answer.headers ?? { 'content-type': 'application/json' },
      config,
    };
    if (answer.status >= 400) {
      throw new AxiosError(`Request failed with status code ${answer.status}`, 'ERR_BAD_RESPONSE', config, null, response);
    }
    return response;
  };
}
