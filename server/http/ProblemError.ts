import type { Language } from '../../shared/Language';
import { type FieldError, type Problem, PROBLEM_TYPE_PREFIX } from '../../shared/Problem';
import { PROBLEM_TEXTS, type ProblemKind, type ProblemParams } from './problemTexts';

/** The `type` URI of a problem kind. */
export function problemType(kind: ProblemKind): string {
  return `${PROBLEM_TYPE_PREFIX}${kind}`;
}

export interface ProblemOptions {
  params?: ProblemParams;
  errors?: FieldError[];
  /** Headers to send with the problem, such as `Retry-After` or `WWW-Authenticate`. */
  headers?: Record<string, string>;
  /** Overrides the status of the kind, for rare client errors answered with generic texts. */
  status?: number;
  /**
   * Extension members of the body (RFC 9457, section 3.2), such as `current` (the order as it is now)
   * or `allowed` (the states an order may move to). They never replace a standard member.
   */
  extensions?: Record<string, unknown>;
}

/** Thrown by handlers and hooks; the error handler answers it as an RFC 9457 problem. */
export class ProblemError extends Error {
  readonly status: number;

  constructor(
    readonly kind: ProblemKind,
    readonly options: ProblemOptions = {},
  ) {
    super(kind);
    this.name = 'ProblemError';
    this.status = options.status ?? PROBLEM_TEXTS[kind].status;
  }

  body(locale: Language): Problem {
    return problemBody(this.kind, locale, this.options);
  }
}

/** The problem body of `kind` in `locale`: `{ type, title, status, detail, errors? }`. */
export function problemBody(kind: ProblemKind, locale: Language, options: ProblemOptions = {}): Problem {
  const text = PROBLEM_TEXTS[kind];
  const body: Problem = {
    ...options.extensions,
    type: problemType(kind),
    title: text.title[locale],
    status: options.status ?? text.status,
    detail: text.detail[locale](options.params ?? {}),
  };
  if (options.errors && options.errors.length > 0) {
    body.errors = options.errors;
  }
  return body;
}
