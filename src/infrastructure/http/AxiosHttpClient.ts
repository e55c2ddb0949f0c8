import axios, { type AxiosAdapter, type AxiosInstance, type AxiosRequestConfig } from 'axios';
import type { Disposable } from '../../domain/model/Disposable';
import { Emitter } from '../../domain/model/Emitter';
import type { HttpClient, RequestOptions, UnauthorizedEvent } from '../../domain/ports/HttpClient';
import type { RequestActivity } from '../../domain/ports/RequestActivity';
import type { SessionStore } from '../../domain/ports/SessionStore';
import { toApiError } from './toApiError';

export interface AxiosHttpClientOptions {
  /** The API base, `/api` (spec). */
  baseURL: string;
  /** Replaces axios' own transport (tests). */
  adapter?: AxiosAdapter;
  /** Told when each request leaves and when it is answered (the console's stability). */
  activity?: RequestActivity;
}

const BEARER = /^Bearer (.+)$/;

/**
 * The HttpClient on axios. A request interceptor adds `Authorization: Bearer <token>` and
 * `x-ui-locale` from the session at the moment each request leaves (spec); errors become
 * `ApiError`s; every 401 is announced with the token the request carried.
 */
export class AxiosHttpClient implements HttpClient, Disposable {
  private readonly axios: AxiosInstance;
  private readonly unauthorized = new Emitter<UnauthorizedEvent>();
  private readonly activity: RequestActivity | undefined;

  readonly onDidReceiveUnauthorized = this.unauthorized.event;

  constructor(session: SessionStore, options: AxiosHttpClientOptions) {
    this.activity = options.activity;
    this.axios = axios.create({
      baseURL: options.baseURL,
      adapter: options.adapter,
      headers: { Accept: 'application/json' },
      paramsSerializer: { indexes: null },
      // The API authenticates by bearer token, never by cookie: no XSRF header. Asking for one also
      // made axios read the cookie through the asynchronous Cookie Store before every request.
      withXSRFToken: false,
    });
    this.axios.interceptors.request.use((config) => {
      if (session.token) {
        config.headers.set('Authorization', `Bearer ${session.token}`);
      }
      config.headers.set('x-ui-locale', session.language);
      return config;
      // Synchronous: the request leaves in the same turn as the call. Otherwise axios runs the
      // interceptor a microtask later, after rendering work queued meanwhile (a filter change
      // re-renders the page first), and the list request left about 80 ms late at 4× throttling.
    }, undefined, { synchronous: true });
  }

  get<T>(path: string, options?: RequestOptions): Promise<T> {
    return this.send<T>({ method: 'GET', url: path }, options);
  }

  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.send<T>({ method: 'POST', url: path, data: body }, options);
  }

  put<T>(path: string, body: unknown, options?: RequestOptions): Promise<T> {
    return this.send<T>({ method: 'PATCH', url: path, data: body }, options);
  }

  delete<T>(path: string, options?: RequestOptions & { body?: unknown }): Promise<T> {
    return this.send<T>({ method: 'DELETE', url: path, data: options?.body }, options);
  }

  private async send<T>(config: AxiosRequestConfig, options: RequestOptions = {}): Promise<T> {
    this.activity?.started();
    try {
      const response = await this.axios.request<T>({
        ...config,
        params: options.params,
        headers: options.headers,
        responseType: options.responseType ?? 'json',
      });
      return response.data;
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.status === 401) {
        const sent = axios.isAxiosError(error) ? String(error.config?.headers?.Authorization ?? '') : '';
        const event: UnauthorizedEvent = { path: config.url ?? '', token: BEARER.exec(sent)?.[1] ?? null };
        this.unauthorized.fire(event);
      }
      throw apiError;
    } finally {
      this.activity?.finished();
    }
  }

  dispose(): void {
    this.unauthorized.dispose();
  }
}
