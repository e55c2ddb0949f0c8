import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { randomKey } from '../../../server/auth/signingKey';
import { type Database, DatabaseError } from '../../../server/db/Database';
import { call, expectProblem, GERMAN_EMAIL, login } from '../support/testServer';
import { serveBuild } from '../support/servedBuild';
import { writeSmallConsoleBuild } from '../support/smallConsoleBuild';

// Helmet writes the directives without a space after each `;` (the same policy to a browser).
const CSP = new RegExp(
  "^default-src 'self';script-src 'self';style-src 'self' 'nonce-([A-Za-z0-9+/=]{16,})';img-src 'self' data:;" +
    "font-src 'self' data:;connect-src 'self';worker-src 'self';manifest-src 'self';object-src 'none';" +
    "base-uri 'self';form-action 'self';frame-ancestors 'none'$",
);

function expectSecurityHeaders(response: Response): string {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  const match = CSP.exec(response.headers.get('content-security-policy') ?? '');
  expect(match).not.toBeNull();
  return match?.[1] ?? '';
}

/** A second app on the same database, for configurations the main server does not have. */
async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

describe('HTTP basics', () => {
  const served = serveBuild(writeSmallConsoleBuild, { release: '2026.11.7', productionHost: 'cockpit.test.example' });

  describe('the console', () => {
    it('serves index.html with every nonce placeholder replaced by the nonce of its CSP, never cached unchecked', async () => {
      const response = await call(served.server, '/', { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const nonce = expectSecurityHeaders(response);
      const html = await response.text();
      expect(html).not.toContain('__CSP_NONCE__');
      expect(html).toContain(`<meta name="csp-nonce" content="${nonce}">`);
      expect(html).toContain(`<style nonce="${nonce}">`);

      const again = await call(served.server, '/index.html');
      const otherNonce = expectSecurityHeaders(again);
      expect(otherNonce).not.toBe(nonce);
      expect(await again.text()).toContain(`content="${otherNonce}"`);
    });

    it('falls back to index.html for unknown page paths that accept HTML', async () => {
      const response = await call(served.server, '/orders/123', { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
      expect(response.status).toBe(200);
      const nonce = expectSecurityHeaders(response);
      expect(await response.text()).toContain(`content="${nonce}"`);
    });

    it('answers 404 problems for unknown API and telemetry paths and for non-HTML requests', async () => {
      const api = await call(served.server, '/api/nope', { headers: { accept: 'text/html' } });
      const body = await expectProblem(api, 404);
      expect(body).toEqual({
        type: 'urn:order-cockpit:problem:not-found',
        title: 'Not found',
        status: 404,
        detail: 'There is nothing at /api/nope.',
      });
      expectSecurityHeaders(api);
      await expectProblem(await call(served.server, '/v1/nothing', { headers: { accept: 'text/html' } }), 404);
      await expectProblem(await call(served.server, '/orders/123', { headers: { accept: 'application/json' } }), 404);
      const german = await expectProblem(await call(served.server, '/missing.js', { locale: 'de' }), 404);
      expect(german.title).toBe('Nicht gefunden');
    });

    it('caches hashed assets for a year and revalidates the rest', async () => {
      const hashed = await call(served.server, '/main.3f2a1b9c.js');
      expect(hashed.status).toBe(200);
      expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await hashed.text()).toBe('console.log("cockpit");');

      const worker = await call(served.server, '/sw.js');
      expect(worker.status).toBe(200);
      expect(worker.headers.get('cache-control')).toBe('no-cache');
    });

    it('answers a page\'s scripts and style sheets without the headers only documents and workers heed', async () => {
      for (const file of ['/main.3f2a1b9c.js', '/main.3f2a1b9c.css']) {
        const asset = await call(served.server, file);
        expect(asset.status).toBe(200);
        expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
        expect(asset.headers.get('referrer-policy')).toBe('no-referrer');
        expect(asset.headers.get('content-security-policy')).toBeNull();
        expect(asset.headers.get('x-frame-options')).toBeNull();
      }
      // The worker's script: its policy is the worker's own.
      expectSecurityHeaders(await call(served.server, '/sw.js'));
      // Whatever else a file is (a picture, the manifest) may be opened as a document.
      expectSecurityHeaders(await call(served.server, '/manifest.webmanifest'));
      // A script that is not there is answered as a problem, with every header.
      const missing = await call(served.server, '/gone.3f2a1b9c.js');
      expect(missing.status).toBe(404);
      expectSecurityHeaders(missing);
    });

    it('answers a page request for an unknown path once, without a warning in the log', async () => {
      const logged: string[] = [];
      const app = await buildApp({
        database: served.server.database,
        jwtKey: randomKey(),
        staticDir: served.staticDir,
        release: 'x',
        productionHost: 'x',
        logger: { level: 'warn', stream: { write: (line: string) => void logged.push(line) } },
      });
      try {
        const url = await listen(app);
        for (const method of ['GET', 'HEAD']) {
          const response = await fetch(`${url}/orders/123`, { method, headers: { accept: 'text/html' } });
          expect(response.status).toBe(200);
        }
        expect(logged).toEqual([]);
      } finally {
        await app.close();
      }
    });

    it('answers 503 with a hint when the console is not built', async () => {
      const app = await buildApp({
        database: served.server.database,
        jwtKey: randomKey(),
        staticDir: path.join(served.staticDir, 'not-built'),
        release: 'x',
        productionHost: 'x',
      });
      try {
        const url = await listen(app);
        const response = await fetch(`${url}/orders`, { headers: { accept: 'text/html' } });
        const body = await expectProblem(response, 503);
        expect(body.title).toBe('Console not built');
        expect(body.detail).toContain('npm run build');
        expectSecurityHeaders(response);
        const root = await fetch(`${url}/`, { headers: { 'x-ui-locale': 'de' } });
        expect((await expectProblem(root, 503)).title).toBe('Konsole nicht gebaut');
      } finally {
        await app.close();
      }
    });
  });

  describe('problems', () => {
    it('refuses bodies over 1 MiB with 413', async () => {
      const { token } = await login(served.server, GERMAN_EMAIL);
      const big = JSON.stringify({ email: GERMAN_EMAIL, password: 'x'.repeat(1024 * 1024) });
      const response = await call(served.server, '/api/auth/login', { body: big, locale: 'de' });
      const body = await expectProblem(response, 413);
      expect(body.title).toBe('Anfrage zu groß');
      expect(body.detail).toBe('Der Inhalt der Anfrage überschreitet die Grenze von 1 MiB.');
      expectSecurityHeaders(response);

      const patch = await call(served.server, '/api/me', { method: 'PATCH', token, body: { language: 'x'.repeat(1_100_000) } });
      expect((await expectProblem(patch, 413)).title).toBe('Request too large');
    });

    it('accepts a body just under the limit (and then judges its content)', async () => {
      const body = JSON.stringify({ email: GERMAN_EMAIL, password: 'x'.repeat(1000 * 1000) });
      expect(Buffer.byteLength(body)).toBeLessThan(1024 * 1024);
      const response = await call(served.server, '/api/auth/login', { body });
      expect((await expectProblem(response, 400)).errors).toEqual([{ field: 'password', message: 'must have at most 1024 characters' }]);
    });
  });

  describe('GET /config.json', () => {
    it('answers the runtime configuration, never cached unchecked', async () => {
      const response = await call(served.server, '/config.json');
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expectSecurityHeaders(response);
      expect(await response.json()).toEqual({
        release: '2026.11.7',
        productionHost: 'cockpit.test.example',
        apiBase: '/api',
        telemetryBase: '',
        vapidPublicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/),
        sessionIdleMinutes: 30,
      });
    });
  });

  describe('health', () => {
    it('GET /healthz answers ok', async () => {
      const response = await call(served.server, '/healthz');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
    });

    it('GET /readyz answers ok while the database answers', async () => {
      const response = await call(served.server, '/readyz');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
    });

    it('GET /readyz answers 503 when the database does not', async () => {
      const broken: Database = {
        query: async () => {
          throw new DatabaseError('connection refused: SELECT 1');
        },
        exec: async () => undefined,
        transaction: async () => {
          throw new DatabaseError('connection refused');
        },
        close: async () => undefined,
      };
      const app = await buildApp({ database: broken, jwtKey: randomKey(), staticDir: served.staticDir, release: 'x', productionHost: 'x' });
      try {
        const url = await listen(app);
        const ready = await fetch(`${url}/readyz`);
        const body = await expectProblem(ready, 503);
        expect(JSON.stringify(body)).not.toContain('connection refused');
        expect((await fetch(`${url}/healthz`)).status).toBe(200);
        // A failing database during a request is a 500 problem without internals.
        const login = await fetch(`${url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: GERMAN_EMAIL, password: 'x' }),
        });
        const problem = await expectProblem(login, 500);
        expect(JSON.stringify(problem)).not.toContain('connection refused');
      } finally {
        await app.close();
      }
    });
  });
});
