import type { IncomingMessage } from 'node:http';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
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
 * Helmet's options: the Content-Security-Policy (scripts only from the origin, no inline script, the
 * answer's nonce for inline style), `nosniff`, no referrer, no framing; helmet's other headers are
 * off, so every answer carries what it carried before helmet (docs/DEPENDENCIES.md says why).
 */
export const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
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
  },
  referrerPolicy: { policy: 'no-referrer' },
  xFrameOptions: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
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
 * Sets the security headers on every answer with helmet, before anything else can fail (its hooks
 * are the first `onRequest` hooks of the app when this is called before any other plugin); a page's
 * scripts and style sheets keep only those that concern them (`nosniff`, the referrer policy of what
 * a style sheet loads).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.decorateRequest('cspNonce', {
    getter(this: { raw: IncomingMessage }) {
      return nonceOf(this.raw);
    },
  });
  void app.register(fastifyHelmet, HELMET_OPTIONS);
  app.addHook('onSend', async (request, reply, payload) => {
    if (isPageSubresource(request.url.split('?')[0] ?? '', reply.getHeader('content-type'))) {
      for (const header of DOCUMENT_ONLY_HEADERS) {
        reply.removeHeader(header);
      }
    }
    return payload;
  });
}
