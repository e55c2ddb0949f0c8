import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { RunningServer } from '../../../server/startServer';
import { call, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS } from '../support/testServer';
import { serveBuild } from '../support/servedBuild';
import { writeSmallConsoleBuild } from '../support/smallConsoleBuild';

/**
 * Every header a security-header middleware (ours, or helmet with any of its options) may set or
 * remove. The answers below were recorded, header by header, before the headers came from helmet:
 * whatever sets them must answer exactly these, and no other of these names.
 */
const SECURITY_HEADER_NAMES = [
  'content-security-policy',
  'content-security-policy-report-only',
  'cross-origin-embedder-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-powered-by',
  'x-xss-protection',
];

/**
 * The policy as a browser reads it: its directives, split at `;` with the white space around them
 * dropped (CSP Level 3, "parse a serialized CSP"). Helmet writes them without a space after the `;`,
 * the backend wrote one before; the directives, their order and their sources are what must not change.
 * The nonce of an answer, which differs from answer to answer, stands as `{nonce}`.
 */
function directivesOf(policy: string): string[] {
  return policy
    .split(';')
    .map((directive) => directive.trim().replace(/'nonce-[A-Za-z0-9+/=]+'/g, "'nonce-{nonce}'"))
    .filter((directive) => directive !== '');
}

/** The policy as the backend answered it before helmet. */
const CSP = directivesOf(
  "default-src 'self'; script-src 'self'; style-src 'self' 'nonce-{nonce}'; img-src 'self' data:; font-src 'self' data:; " +
    "connect-src 'self'; worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; " +
    "frame-ancestors 'none'",
);

/** What a document, a worker, an API answer or a problem carries. */
const EVERY_HEADER = {
  'content-security-policy': CSP,
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** What a page's script or style sheet carries: what concerns it, not what only a document heeds. */
const SUBRESOURCE_HEADERS = {
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

interface Answer {
  status: number;
  headers: Record<string, string | string[]>;
}

/** The security headers of `headers`, the policies as their directives. */
function securityHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string | string[]> {
  const picked: Record<string, string | string[]> = {};
  for (const name of SECURITY_HEADER_NAMES) {
    const value = headers[name];
    if (value !== undefined) picked[name] = name.startsWith('content-security-policy') ? directivesOf(String(value)) : String(value);
  }
  return picked;
}

async function answer(response: Response): Promise<Answer> {
  await response.arrayBuffer();
  return { status: response.status, headers: securityHeaders(Object.fromEntries(response.headers)) };
}

/** The head of the event stream's answer (the stream itself is closed at once). */
function eventStreamHead(server: RunningServer, token: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${server.url}/api/events`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (incoming) => {
      const headers: IncomingHttpHeaders = incoming.headers;
      resolve({ status: incoming.statusCode ?? 0, headers: securityHeaders(headers) });
      outgoing.destroy();
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('security headers', () => {
  const served = serveBuild(writeSmallConsoleBuild);
  let token: string;

  beforeAll(async () => {
    token = (await login(served.server, GERMAN_EMAIL)).token;
  }, STARTUP_TIMEOUT_MS);

  const page = { headers: { accept: 'text/html' } };
  const cases: [string, () => Promise<Response>, Answer][] = [
    ['the console page', () => call(served.server, '/', page), { status: 200, headers: EVERY_HEADER }],
    ['the console page, compressed', () => call(served.server, '/index.html', { headers: { 'accept-encoding': 'br' } }), { status: 200, headers: EVERY_HEADER }],
    ['the console page for an unknown page path', () => call(served.server, '/orders/123', page), { status: 200, headers: EVERY_HEADER }],
    ['the console page asked with HEAD', () => call(served.server, '/', { ...page, method: 'HEAD' }), { status: 200, headers: EVERY_HEADER }],
    ['a script of the page', () => call(served.server, '/main.3f2a1b9c.js'), { status: 200, headers: SUBRESOURCE_HEADERS }],
    ['a script of the page, with a query', () => call(served.server, '/main.3f2a1b9c.js?v=2'), { status: 200, headers: SUBRESOURCE_HEADERS }],
    ['a style sheet of the page', () => call(served.server, '/main.3f2a1b9c.css'), { status: 200, headers: SUBRESOURCE_HEADERS }],
    ['the service worker', () => call(served.server, '/sw.js'), { status: 200, headers: EVERY_HEADER }],
    ['the web app manifest', () => call(served.server, '/manifest.webmanifest'), { status: 200, headers: EVERY_HEADER }],
    ['a script that is not there', () => call(served.server, '/missing.3f2a1b9c.js'), { status: 404, headers: EVERY_HEADER }],
    ['the runtime configuration', () => call(served.server, '/config.json'), { status: 200, headers: EVERY_HEADER }],
    ['the health check', () => call(served.server, '/healthz'), { status: 200, headers: EVERY_HEADER }],
    ['an API answer', () => call(served.server, '/api/me', { token }), { status: 200, headers: EVERY_HEADER }],
    ['an unknown API path', () => call(served.server, '/api/nope', page), { status: 404, headers: EVERY_HEADER }],
    // Refused by the router before any hook runs: a problem without the headers, as before helmet.
    ['an API path the router cannot read', () => call(served.server, '/api/orders/%E0%A4%A'), { status: 404, headers: {} }],
    ['an API request without a token', () => call(served.server, '/api/me'), { status: 401, headers: EVERY_HEADER }],
    ['a body over the limit', () => call(served.server, '/api/auth/login', { body: 'x'.repeat(1024 * 1024 + 1) }), { status: 413, headers: EVERY_HEADER }],
    ['a telemetry body that is no protobuf', () => call(served.server, '/v1/traces', { body: '\u00ff', headers: { 'content-type': 'application/x-protobuf' } }), { status: 400, headers: EVERY_HEADER }],
    ['a preflight request', () => call(served.server, '/api/orders', { method: 'OPTIONS' }), { status: 404, headers: EVERY_HEADER }],
  ];

  it.each(cases)('answers %s with the security headers recorded', async (_name, send, expected) => {
    expect(await answer(await send())).toEqual(expected);
  });

  it('answers the event stream with the security headers recorded', async () => {
    expect(await eventStreamHead(served.server, token)).toEqual({ status: 200, headers: EVERY_HEADER });
  });

  it('draws a fresh nonce for every answer', async () => {
    const policies = await Promise.all([1, 2, 3].map(async () => (await call(served.server, '/healthz')).headers.get('content-security-policy')));
    expect(new Set(policies).size).toBe(3);
  });
});
