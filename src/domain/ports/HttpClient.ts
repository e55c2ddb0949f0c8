import type { Disposable } from '../../../shared/Disposable';

export interface RequestOptions {
  /** Query parameters; arrays repeat the parameter (`status=new&status=confirmed`). */
  params?: Record<string, string | number | boolean | readonly string[] | undefined>;
  headers?: Record<string, string>;
  /** `blob` hands the body over as it came (files); default `json`. */
  responseType?: 'json' | 'blob';
}

/** A request the backend refused (401, 403). `token` is the token the request carried, if any. */
export interface RefusedRequest {
  path: string;
  token: string | null;
}

/**
 * The console's transport to its backend (base `/api`). Every request carries the session's
 * token and language. Failures reject with an `ApiError`.
 */
export interface HttpClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /**
   * A change of part of a resource, sent as **`PATCH`**, not PUT: the API changes resources only in
   * part (`PATCH /api/orders/{id}`, `PATCH /api/me` in docs/openapi.yaml); a real PUT is `replace`.
   */
  put<T>(path: string, body: unknown, options?: RequestOptions): Promise<T>;
  /** A real PUT: the whole of a resource replaced (an order's presence, `PUT /orders/{id}/presence`). */
  replace<T>(path: string, body: unknown, options?: RequestOptions): Promise<T>;
  /** A deletion; `body` is sent as JSON where the resource is named by content (a push endpoint). */
  delete<T>(path: string, options?: RequestOptions & { body?: unknown }): Promise<T>;
  /** Fires for every 401 answer, with the token that request carried. */
  onDidReceiveUnauthorized(listener: (event: RefusedRequest) => void): Disposable;
  /** Fires for every 403 answer (the user's role does not allow the call), with the token that request carried. */
  onDidReceiveForbidden(listener: (event: RefusedRequest) => void): Disposable;
}

export const HttpClient = Symbol('HttpClient');
