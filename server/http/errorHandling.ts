import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validationFieldErrors, type AjvFailure } from './fieldErrors';
import { requestLocale } from './locale';
import { ProblemError } from './ProblemError';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** Answers `problem` as `application/problem+json` in the language of the request. */
export function sendProblem(request: FastifyRequest, reply: FastifyReply, problem: ProblemError): FastifyReply {
  const body = problem.body(requestLocale(request));
  return reply
    .code(body.status)
    .headers(problem.options.headers ?? {})
    .header('cache-control', 'no-store')
    .type(PROBLEM_CONTENT_TYPE)
    .send(body);
}

/** Any error thrown while answering, as the problem the client may see; never a stack trace or SQL. */
export function toProblem(error: FastifyError, request: FastifyRequest, bodyLimit: number): ProblemError {
  if (error instanceof ProblemError) {
    return error;
  }
  if (Array.isArray(error.validation)) {
    return new ProblemError('validation', {
      errors: validationFieldErrors(error.validation as AjvFailure[], requestLocale(request), error.validationContext ?? 'body'),
    });
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ProblemError('payload-too-large', { params: { limitBytes: bodyLimit } });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ProblemError('unsupported-media-type');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ProblemError('malformed-json');
  }
  const status = error.statusCode ?? 500;
  if (status === 404) {
    return new ProblemError('not-found', { params: { path: requestPath(request) } });
  }
  if (status === 413) {
    return new ProblemError('payload-too-large', { params: { limitBytes: bodyLimit } });
  }
  if (status >= 400 && status < 500) {
    return new ProblemError('bad-request', { status });
  }
  return new ProblemError('internal');
}

/** The path of the request without its query, shortened for echoing in a problem. */
export function requestPath(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '/';
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

/**
 * What the router refuses before any route is chosen: a path that is no percent-encoded UTF-8, or a
 * path parameter longer than the router takes. Such a path names no resource, so the answer is the
 * 404 problem of an unknown path (as docs/openapi.yaml says of a malformed id), never the router's own
 * JSON.
 */
export function answerUnroutable(_error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void sendProblem(request, reply, new ProblemError('not-found', { params: { path: requestPath(request) } }));
}

/**
 * Errors become problems. A request for a path nobody serves gets `fallback` first (the console's
 * single-page fallback), which may answer it; otherwise a 404 problem.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  options: {
    bodyLimit: number;
    /** Answers what the API does not know (the console's pages); says whether it answered. */
    fallback: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
  },
): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const problem = toProblem(error, request, options.bodyLimit);
    if (error instanceof ProblemError && problem.kind !== 'internal') {
      // An answer the backend chose (sign-in busy, a collector unreachable): said in one line, no stack,
      // so that a flood of refused requests does not fill the log with traces.
      if (problem.status >= 500) request.log.warn({ problem: problem.kind, status: problem.status }, 'request refused');
    } else if (problem.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    }
    return sendProblem(request, reply, problem);
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (await options.fallback(request, reply)) {
      return reply;
    }
    return sendProblem(request, reply, new ProblemError('not-found', { params: { path: requestPath(request) } }));
  });
}
