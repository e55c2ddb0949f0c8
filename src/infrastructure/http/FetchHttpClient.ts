import type { Disposable } from '../../../shared/Disposable';
import { Emitter } from '../../domain/model/Emitter';
import type { HttpClient, RequestOptions, RefusedRequest } from '../../domain/ports/HttpClient';
import type { RequestActivity } from '../../domain/ports/RequestActivity';
import type { SessionStore } from '../../domain/ports/SessionStore';
import { type Answer, readAnswer } from './readAnswer';
import { requestUrl } from './requestUrl';
import { sessionCredentials } from './sessionCredentials';
import { toApiError } from './toApiError';

/** The page's fetch, looked up at every request. */
export interface FetchWindow {
  fetch(url: string, init: RequestInit): Promise<Answer>;
}

export interface FetchHttpClientOptions {
  /** The API base, `/api`. */
  baseURL: string;
  /** Whose `fetch` sends: the page (telemetry replaces its `fetch` once loaded), or a test's. */
  window: FetchWindow;
  /** Told when each request leaves and when it is answered (the console's stability). */
  activity?: RequestActivity;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * The HttpClient on the browser's fetch. Every request carries `Accept: application/json` (unless
 * the caller asks for something else), `Authorization: Bearer <token>` and `x-ui-locale` read from
 * the session as it leaves (`sessionCredentials`, as the live stream's); a body goes as JSON. A request leaves in the turn it is made:
 * nothing is awaited before `fetch` is called, so a filter change's request is on the wire before
 * the page re-renders. Failures become `ApiError`s; every 401 is announced with the token the
 * request carried (kept with it, so the session rule can tell an old session's 401 from the current's),
 * and so is every 403.
 */
export class FetchHttpClient implements HttpClient, Disposable {
  private readonly unauthorized = new Emitter<RefusedRequest>();

  readonly onDidReceiveUnauthorized = this.unauthorized.event;

  private readonly forbidden = new Emitter<RefusedRequest>();

  readonly onDidReceiveForbidden = this.forbidden.event;

  constructor(
    /** Read as each request leaves (the session's token and language). */
    private readonly session: Pick<SessionStore, 'token' | 'language'>,
    private readonly options: FetchHttpClientOptions,
  ) {}

  get<T>(path: string, options?: RequestOptions): Promise<T> {
    return this.send<T>('GET', path, undefined, options);
  }

  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.send<T>('POST', path, body, options);
  }

  /** Sent as PATCH (see HttpClient.put): the API changes resources in part and has no PUT. */
  put<T>(path: string, body: unknown, options?: RequestOptions): Promise<T> {
    return this.send<T>('PATCH', path, body, options);
  }

  delete<T>(path: string, options?: RequestOptions & { body?: unknown }): Promise<T> {
    return this.send<T>('DELETE', path, options?.body, options);
  }

  private async send<T>(method: Method, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    const { activity, baseURL, window } = this.options;
    activity?.started();
    const credentials = sessionCredentials(this.session);
    const headers = this.headers(options.headers, body !== undefined, credentials.headers);
    try {
      const answer = await window.fetch(requestUrl(baseURL, path, options.params), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return await readAnswer<T>(answer, options.responseType ?? 'json');
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.status === 401) {
        this.unauthorized.fire({ path, token: credentials.token });
      } else if (apiError.status === 403) {
        this.forbidden.fire({ path, token: credentials.token });
      }
      throw apiError;
    } finally {
      activity?.finished();
    }
  }

  /** The caller's headers over the defaults; the session's (`credentials`) over both. */
  private headers(own: Record<string, string> = {}, json: boolean, credentials: Record<string, string>): Record<string, string> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    for (const [name, value] of Object.entries(own)) {
      setHeader(headers, name, value);
    }
    if (json && headerValue(headers, 'Content-Type') === undefined) {
      headers['Content-Type'] = 'application/json';
    }
    for (const [name, value] of Object.entries(credentials)) {
      setHeader(headers, name, value);
    }
    return headers;
  }

  dispose(): void {
    this.unauthorized.dispose();
    this.forbidden.dispose();
  }
}

function headerValue(headers: Record<string, string>, name: string): string | undefined {
  const found = Object.keys(headers).find((existing) => existing.toLowerCase() === name.toLowerCase());
  return found === undefined ? undefined : headers[found];
}

/** Sets a header, replacing one of the same name in any case (header names are case-insensitive). */
function setHeader(headers: Record<string, string>, name: string, value: string): void {
  for (const existing of Object.keys(headers)) {
    if (existing.toLowerCase() === name.toLowerCase()) {
      delete headers[existing];
    }
  }
  headers[name] = value;
}
