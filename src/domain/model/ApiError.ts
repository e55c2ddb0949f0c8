import { type FieldError, type Problem, PROBLEM_TYPE_PREFIX } from '../../../shared/Problem';

/** What went wrong with a call, in the terms the console reacts to. */
export type ApiErrorKind =
  | 'network'
  | 'bad-request'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'precondition-failed'
  | 'precondition-required'
  | 'too-large'
  | 'validation'
  | 'rate-limited'
  | 'server';

const KIND_BY_STATUS: Record<number, ApiErrorKind> = {
  400: 'bad-request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
  412: 'precondition-failed',
  413: 'too-large',
  422: 'validation',
  428: 'precondition-required',
  429: 'rate-limited',
};

export function apiErrorKindForStatus(status: number): ApiErrorKind {
  return KIND_BY_STATUS[status] ?? (status >= 500 ? 'server' : 'bad-request');
}

/**
 * A failed call to the backend. `messageKey` is the translation key of the text an operator
 * reads; `problem` is the RFC 9457 body the backend sent, when it sent one.
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly messageKey: string;

  constructor(
    readonly status: number,
    readonly problem?: Problem,
    kind: ApiErrorKind = status === 0 ? 'network' : apiErrorKindForStatus(status),
  ) {
    super(problem?.detail ?? problem?.title ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.kind = kind;
    this.messageKey = `errors.${kind}`;
  }

  /** The kind of problem the backend named (its `type` after the prefix, e.g. `password-change-required`), if it sent one. */
  get problemKind(): string | undefined {
    const type = this.problem?.type;
    return type?.startsWith(PROBLEM_TYPE_PREFIX) ? type.slice(PROBLEM_TYPE_PREFIX.length) : undefined;
  }

  get fieldErrors(): readonly FieldError[] {
    return this.problem?.errors ?? [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
