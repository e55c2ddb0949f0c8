import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RunningServer } from '../../../server/startServer';
import { call, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer } from '../support/testServer';

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

const INDEX_HTML = `<!doctype html>
<html><head><meta name="csp-nonce" content="__CSP_NONCE__"><title>Order Cockpit</title>
<script src="/main.3f2a1b9c.js" defer></script></head>
<body><div id="root"></div><style nonce="__CSP_NONCE__"></style></body></html>`;

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
  let staticDir: string;
  let server: RunningServer;
  let token: string;

  beforeAll(async () => {
    staticDir = mkdtempSync(path.join(tmpdir(), 'cockpit-headers-'));
    writeFileSync(path.join(staticDir, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(staticDir, 'main.3f2a1b9c.js'), 'console.log("cockpit");');
    writeFileSync(path.join(staticDir, 'main.3f2a1b9c.css'), 'body { margin: 0 }');
    writeFileSync(path.join(staticDir, 'manifest.webmanifest'), '{"name":"Order Cockpit"}');
    writeFileSync(path.join(staticDir, 'sw.js'), 'self.addEventListener("install", () => {});');
    server = await startTestServer({ staticDir });
    token = (await login(server, GERMAN_EMAIL)).token;
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await server?.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  const page = { headers: { accept: 'text/html' } };
  const cases: [string, () => Promise<Response>, Answer][] = [
    ['the console page', () => call(server, '/', page), { status: 200, headers: EVERY_HEADER }],
    ['the console page, compressed', () => call(server, '/index.html', { headers: { 'accept-encoding': 'br' } }), { status: 200, headers: EVERY_HEADER }],
    ['the console page for an unknown page path', () => call(server, '/orders/123', page), { status: 200, headers: EVERY_HEADER }],
    ['the console page asked with HEAD', () => call(server, '/', { ...page, method: 'HEAD' }), { status: 200, headers: EVERY_HEADER }],
    ['a script of the page', () => call(server, '/main.3f2a1b9c.js'), { status: 200, headers: SUBRESOURCE_HEADERS }],
    ['a script of the page, with a query', () => call(server, '/main.3f2a1b9c.js?v=2'), { status: 200, headers: SUBRESOURCE_HEADERS }],
    ['a style sheet of the page', () => call(server, '/main.3f2a1b9c.css'), { status: 200, headers: SUBRESOURCE_HEADERS }],
    ['the service worker', () => call(server, '/sw.js'), { status: 200, headers: EVERY_HEADER }],
    ['the web app manifest', () => call(server, '/manifest.webmanifest'), { status: 200, headers: EVERY_HEADER }],
    ['a script that is not there', () => call(server, '/missing.3f2a1b9c.js'), { status: 404, headers: EVERY_HEADER }],
    ['the runtime configuration', () => call(server, '/config.json'), { status: 200, headers: EVERY_HEADER }],
    ['the health check', () => call(server, '/healthz'), { status: 200, headers: EVERY_HEADER }],
    ['an API answer', () => call(server, '/api/me', { token }), { status: 200, headers: EVERY_HEADER }],
    ['an unknown API path', () => call(server, '/api/nope', page), { status: 404, headers: EVERY_HEADER }],
    // Refused by the router before any hook runs: a problem without the headers, as before helmet.
    ['an API path the router cannot read', () => call(server, '/api/orders/%E0%A4%A'), { status: 404, headers: {} }],
    ['an API request without a token', () => call(server, '/api/me'), { status: 401, headers: EVERY_HEADER }],
    ['a body over the limit', () => call(server, '/api/auth/login', { body: 'x'.repeat(1024 * 1024 + 1) }), { status: 413, headers: EVERY_HEADER }],
    ['a telemetry body that is no protobuf', () => call(server, '/v1/traces', { body: '\u00ff', headers: { 'content-type': 'application/x-protobuf' } }), { status: 400, headers: EVERY_HEADER }],
    ['a preflight request', () => call(server, '/api/orders', { method: 'OPTIONS' }), { status: 404, headers: EVERY_HEADER }],
  ];

  it.each(cases)('answers %s with the security headers recorded', async (_name, send, expected) => {
    expect(await answer(await send())).toEqual(expected);
  });

  it('answers the event stream with the security headers recorded', async () => {
    expect(await eventStreamHead(server, token)).toEqual({ status: 200, headers: EVERY_HEADER });
  });

  it('draws a fresh nonce for every answer', async () => {
    const policies = await Promise.all([1, 2, 3].map(async () => (await call(server, '/healthz')).headers.get('content-security-policy')));
    expect(new Set(policies).size).toBe(3);
  });
});
