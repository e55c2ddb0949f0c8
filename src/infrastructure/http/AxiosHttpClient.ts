import axios, {
  AxiosHeaders,
  isAxiosError,
  type AxiosInstance,
  type AxiosRequestConfig,
  type AxiosResponseTransformer,
  type InternalAxiosRequestConfig,
} from 'axios';
import type { Disposable } from '../../../shared/Disposable';
import { Emitter } from '../../domain/model/Emitter';
import type { HttpClient, RefusedRequest, RequestOptions } from '../../domain/ports/HttpClient';
import type { RequestActivity } from '../../domain/ports/RequestActivity';
import type { SessionStore } from '../../domain/ports/SessionStore';
import { queryString } from './queryString';
import { sessionCredentials } from './sessionCredentials';
import { toApiError } from './toApiError';

declare module 'axios' {
  interface InternalAxiosRequestConfig {
    /** The session's token the request carried as it left (null when signed out): its 401 or 403 is announced with it. */
    sessionToken?: string | null;
  }
}

export interface AxiosHttpClientOptions {
  /** The API base, `/api`. */
  baseURL: string;
  /** Whose `fetch` sends, looked up at every request: the page (telemetry replaces its `fetch` once loaded). */
  window: Pick<Window, 'fetch'>;
  /** Told when each request leaves and when it is answered (the console's stability). */
  activity?: RequestActivity;
}

/**
 * No `Request` or `Response` constructor for axios' fetch adapter (`null`, as axios documents for a
 * fetch of one's own; its types leave `null` out): the page's fetch is handed the URL and the
 * options, as the console's other requests (the event stream's) hand it theirs, not a `Request`
 * axios would build with the global constructor, which need not be that page's.
 */
const NO_CONSTRUCTOR = null as unknown as undefined;

/** An answer without a body (a 204) is `undefined`, not the empty text axios read. */
const emptyAsUndefined: AxiosResponseTransformer = (data: unknown) => (data === '' ? undefined : data);

/**
 * The HttpClient on axios: one instance, over axios' fetch adapter and the page's `fetch` (never
 * XMLHttpRequest: the telemetry instruments fetch). Paths go under the API base, array parameters
 * repeat, every request says `Accept: application/json` unless the caller asks otherwise, a body
 * goes as JSON, and text that is not JSON comes back as it came. A request interceptor adds
 * `Authorization: Bearer <token>` and `x-ui-locale` from the session as each request leaves
 * (`sessionCredentials`, as the live stream's) and keeps the token with the request; it is
 * synchronous, so the request leaves in the turn it is made: a filter change's request is on the wire
 * before the page re-renders. A response interceptor turns failures into `ApiError`s and announces
 * every 401 and every 403 with the token the request carried, so the session rule can tell an old
 * session's 401 from the current's. No timeout, no retries.
 */
export class AxiosHttpClient implements HttpClient, Disposable {
  /** The instance every request goes through, with the interceptors on it. */
  readonly axios: AxiosInstance;

  private readonly unauthorized = new Emitter<RefusedRequest>();

  readonly onDidReceiveUnauthorized = this.unauthorized.event;

  private readonly forbidden = new Emitter<RefusedRequest>();

  readonly onDidReceiveForbidden = this.forbidden.event;

  constructor(
    /** Read as each request leaves (the session's token and language). */
    private readonly session: Pick<SessionStore, 'token' | 'language'>,
    private readonly options: AxiosHttpClientOptions,
  ) {
    const page = options.window;
    this.axios = axios.create({
      baseURL: options.baseURL,
      adapter: 'fetch',
      env: { fetch: (input, init) => page.fetch(input, init), Request: NO_CONSTRUCTOR, Response: NO_CONSTRUCTOR },
      // No `User-Agent` of axios' (its fetch adapter adds one): the browser's own stays.
      headers: { Accept: 'application/json', 'User-Agent': false },
      paramsSerializer: { serialize: queryString },
      transformResponse: [emptyAsUndefined].concat(axios.defaults.transformResponse ?? []),
      // The API authenticates by bearer token, never by cookie: no XSRF header, no cookie read for one.
      withXSRFToken: false,
    });
    this.axios.interceptors.request.use((config) => this.withSession(config), undefined, { synchronous: true });
    this.axios.interceptors.response.use(undefined, (error: unknown) => this.refused(error));
  }

  get<T>(path: string, options?: RequestOptions): Promise<T> {
    return this.send<T>({ method: 'GET', url: path }, options);
  }

  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.send<T>({ method: 'POST', url: path, data: body }, options);
  }

  /** Sent as PATCH (see HttpClient.put): the API changes resources in part and has no PUT. */
  put<T>(path: string, body: unknown, options?: RequestOptions): Promise<T> {
    return this.send<T>({ method: 'PATCH', url: path, data: body }, options);
  }

  replace<T>(path: string, body: unknown, options?: RequestOptions): Promise<T> {
    return this.send<T>({ method: 'PUT', url: path, data: body }, options);
  }

  delete<T>(path: string, options?: RequestOptions & { body?: unknown }): Promise<T> {
    return this.send<T>({ method: 'DELETE', url: path, data: options?.body }, options);
  }

  private async send<T>(request: AxiosRequestConfig, options: RequestOptions = {}): Promise<T> {
    const { activity } = this.options;
    activity?.started();
    try {
      const response = await this.axios.request<T>({
        ...request,
        params: options.params,
        headers: requestHeaders(options.headers, request.data),
        responseType: options.responseType ?? 'json',
      });
      return response.data;
    } catch (error) {
      // What failed before the response interceptor saw it (a body axios could not write as JSON) too.
      throw await toApiError(error);
    } finally {
      activity?.finished();
    }
  }

  /** The session's credentials, read as the request leaves, over the caller's headers; its token kept with the request. */
  private withSession(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
    const { token, headers } = sessionCredentials(this.session);
    config.headers.set(headers);
    config.sessionToken = token;
    return config;
  }

  /** A failed request's `ApiError`, a 401 or a 403 announced first with the path and the token the request carried. */
  private async refused(error: unknown): Promise<never> {
    const apiError = await toApiError(error);
    if (isAxiosError(error) && (apiError.status === 401 || apiError.status === 403)) {
      const refusal: RefusedRequest = { path: error.config?.url ?? '', token: error.config?.sessionToken ?? null };
      (apiError.status === 401 ? this.unauthorized : this.forbidden).fire(refusal);
    }
    throw apiError;
  }

  dispose(): void {
    this.unauthorized.dispose();
    this.forbidden.dispose();
  }
}

/**
 * The caller's headers. A request without a body says nothing of one: axios would call it a form
 * (`Content-Type: application/x-www-form-urlencoded` on a POST or PATCH); with a body, axios says JSON.
 */
function requestHeaders(own: Record<string, string> | undefined, body: unknown): AxiosHeaders {
  const headers = new AxiosHeaders(own);
  if (body === undefined) {
    headers.set('Content-Type', false, false);
  }
  return headers;
}
