import { randomFillSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** A fresh nonce per answer: the only inline style the Content-Security-Policy admits carries it. */
    cspNonce: string;
  }
}

const NONCE_BYTES = 16;
/** Random bytes for the nonces of 256 answers, drawn at once: one call into the generator instead of one per answer. */
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceOffset = noncePool.length;

/** A fresh nonce: 16 random bytes, base64, never handed out twice. */
function nextNonce(): string {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

/** The Content-Security-Policy of every answer: scripts only from the origin, no inline script. */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * What only a document or a worker heeds: its Content-Security-Policy and whether it may be framed.
 * A script or style sheet a page loads runs under the page's policy; these headers on it are bytes
 * on the wire before the first screen and nothing else.
 */
const DOCUMENT_ONLY_HEADERS = ['content-security-policy', 'x-frame-options'] as const;

/** The scripts that start a worker: the Content-Security-Policy they are answered with is the worker's. */
const WORKER_SCRIPTS = new Set(['/sw.js']);

/** Whether an answer is a script or style sheet that a page loads (not a document, not a worker). */
export function isPageSubresource(path: string, contentType: unknown): boolean {
  return typeof contentType === 'string' && /^(application|text)\/javascript|^text\/css/.test(contentType) && !WORKER_SCRIPTS.has(path);
}

/**
 * Sets the security headers on every answer, before anything else can fail; a page's scripts and
 * style sheets keep only those that concern them (`nosniff`, the referrer policy of what a style
 * sheet loads).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', async (request, reply) => {
    request.cspNonce = nextNonce();
    reply.headers({
      'content-security-policy': contentSecurityPolicy(request.cspNonce),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
    });
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (isPageSubresource(request.url.split('?')[0] ?? '', reply.getHeader('content-type'))) {
      for (const header of DOCUMENT_ONLY_HEADERS) {
        reply.removeHeader(header);
      }
    }
    return payload;
  });
}
