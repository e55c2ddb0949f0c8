import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { PROBLEM_CONTENT_TYPE } from './errorHandling';
import { ProblemError } from './ProblemError';

/** The most bytes of a request line and its headers that Node reads (its `maxHeaderSize` default). */
export const MAX_REQUEST_HEAD_BYTES = 16 * 1024;

/** What a request Node could not read is answered with: a head over the limit, one too slow, or no HTTP at all. */
function problemOf(error: NodeJS.ErrnoException): ProblemError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ProblemError('request-head-too-large', { params: { limitBytes: MAX_REQUEST_HEAD_BYTES } });
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ProblemError('request-timeout');
    default:
      return new ProblemError('bad-request');
  }
}

/**
 * Fastify's `clientErrorHandler`: a request Node cannot read (its head too large, too slow, or no HTTP) never
 * reaches a route, so it is answered here, as an RFC 9457 problem like every other refusal (in
 * English: no header of it, `x-ui-locale` neither, was read), and the connection is closed. A
 * connection the client reset, or one already gone, is left as it is.
 */
export function answerUnreadableRequest(
  this: { log: { trace(object: object, message: string): void } },
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) {
    return;
  }
  const problem = problemOf(error);
  const body = JSON.stringify(problem.body('en'));
  this.log.trace({ err: error }, 'a request that is not readable HTTP');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status] ?? ''}\r\n` +
        `Content-Type: ${PROBLEM_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
