import type { IncomingMessage } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { nextNonce } from './cspNonces';

declare module 'fastify' {
  interface FastifyRequest {
    /** A fresh nonce per answer: the only inline style the Content-Security-Policy admits carries it. */
    readonly cspNonce: string;
  }
}

/** The nonce of each request, drawn when first asked for (by the policy or by the console page). */
const nonces = new WeakMap<IncomingMessage, string>();

function nonceOf(request: IncomingMessage): string {
  let nonce = nonces.get(request);
  if (nonce === undefined) {
    nonce = nextNonce();
    nonces.set(request, nonce);
  }
  return nonce;
}

/**
 * The Content-Security-Policy of every answer: scripts only from the origin, no inline script, inline
 * style only with the answer's nonce. Helmet's (its `contentSecurityPolicy`, which @fastify/helmet
 * hands on), built once: it checks the directives here when the backend starts and writes the policy
 * of each answer, the nonce included.
 */
const contentSecurityPolicy = fastifyHelmet.contentSecurityPolicy({
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", (request) => `'nonce-${nonceOf(request)}'`],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
});

/** The other security headers: no sniffing of content types, no referrer, no framing. */
const FIXED_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

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
 *
 * Not the @fastify/helmet plugin itself: it builds helmet anew for every request, which doubled the
 * backend's processor time for a small answer (docs/DEPENDENCIES.md has the figures).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.decorateRequest('cspNonce', {
    getter(this: { raw: IncomingMessage }) {
      return nonceOf(this.raw);
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(FIXED_HEADERS);
    contentSecurityPolicy(request.raw, reply.raw, (error) => done(error));
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
