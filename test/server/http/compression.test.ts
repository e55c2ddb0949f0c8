import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import fastify from 'fastify';
import { registerCompression } from '../../../server/http/compression';
import type { Order, OrderPage } from '../../../shared/Order';
import { rangeQuery, seededRange } from '../support/orderRange';
import { call, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS } from '../support/testServer';
import { serveBuild } from '../support/servedBuild';

const SCRIPT_PATH = '/assets/main.0123456789ab.js';
const SCRIPT = Array.from({ length: 200 }, (_, index) => `export const value${index} = "order cockpit ${index}";`).join('\n');
const WORKER = Array.from({ length: 100 }, (_, index) => `self.addEventListener("message", () => ${index});`).join('\n');
const MAP = JSON.stringify({ version: 3, file: 'assets/main.0123456789ab.js', sources: ['webpack://order-cockpit/./src/app/main.tsx'], mappings: 'AAAA'.repeat(500) });
const PAGE = `<!doctype html><meta name="csp-nonce" content="__CSP_NONCE__"><title>Order Cockpit</title>${'<!-- shell -->'.repeat(200)}`;

/** A console build as the production build leaves it: hashed files with brotli and gzip copies, the worker without. */
function writeBuild(staticDir: string): void {
  const assets = path.join(staticDir, 'assets');
  mkdirSync(assets);
  writeFileSync(path.join(staticDir, 'index.html'), PAGE);
  writeFileSync(path.join(staticDir, 'sw.js'), WORKER);
  writeFileSync(path.join(assets, 'main.0123456789ab.js'), SCRIPT);
  writeFileSync(path.join(assets, 'main.0123456789ab.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(assets, 'main.0123456789ab.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(assets, 'main.0123456789ab.js.map'), MAP);
  writeFileSync(path.join(assets, 'main.0123456789ab.js.map.br'), brotliCompressSync(MAP));
  writeFileSync(path.join(assets, 'main.0123456789ab.js.map.gz'), gzipSync(MAP));
}

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as sent, not decoded. */
  body: Buffer;
}

/** A GET over node:http, which (unlike fetch) neither asks for nor undoes any content coding by itself. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }));
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** The body as the client reads it once its content coding is undone. */
function decoded(answer: RawAnswer): string {
  switch (answer.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(answer.body).toString('utf8');
    case 'gzip':
      return gunzipSync(answer.body).toString('utf8');
    case undefined:
      return answer.body.toString('utf8');
    default:
      throw new Error(`unexpected content-encoding ${answer.headers['content-encoding']}`);
  }
}

function varies(answer: RawAnswer): string[] {
  return String(answer.headers.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
}

describe('compression', () => {
  const served = serveBuild(writeBuild);
  let token: string;

  beforeAll(async () => {
    token = (await login(served.server, GERMAN_EMAIL)).token;
  }, STARTUP_TIMEOUT_MS);

  describe('of the files of the build', () => {
    it('sends the brotli copy of a hashed file to a browser that takes brotli, cached like the file', async () => {
      const answer = await rawGet(`${served.server.url}${SCRIPT_PATH}`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(decoded(answer)).toBe(SCRIPT);
      expect(answer.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(varies(answer)).toContain('accept-encoding');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // The build's copy as it is, not one compressed while answering.
      expect(Number(answer.headers['content-length'])).toBe(statSync(path.join(served.staticDir, `${SCRIPT_PATH}.br`)).size);
    });

    it('sends the gzip copy to a browser that takes gzip only, or refuses brotli', async () => {
      for (const acceptEncoding of ['gzip', 'br;q=0, gzip']) {
        const answer = await rawGet(`${served.server.url}${SCRIPT_PATH}`, { 'accept-encoding': acceptEncoding });
        expect({ acceptEncoding, encoding: answer.headers['content-encoding'] }).toEqual({ acceptEncoding, encoding: 'gzip' });
        expect(decoded(answer)).toBe(SCRIPT);
        expect(varies(answer)).toContain('accept-encoding');
        expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(Number(answer.headers['content-length'])).toBe(statSync(path.join(served.staticDir, `${SCRIPT_PATH}.gz`)).size);
      }
    });

    it('sends the file itself to a client that takes no coding, still saying that the answer varies', async () => {
      for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }] as Record<string, string>[]) {
        const answer = await rawGet(`${served.server.url}${SCRIPT_PATH}`, headers);
        expect(answer.status).toBe(200);
        expect(answer.headers['content-encoding']).toBeUndefined();
        expect(answer.body.toString('utf8')).toBe(SCRIPT);
        expect(varies(answer)).toContain('accept-encoding');
        expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    });

    it('compresses a file without copies as it sends it, as the file is now (the worker, replaced in place by a release)', async () => {
      const first = await rawGet(`${served.server.url}/sw.js`, { 'accept-encoding': 'br' });
      expect(first.headers['content-encoding']).toBe('br');
      expect(decoded(first)).toBe(WORKER);
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(varies(first)).toContain('accept-encoding');

      const released = `${WORKER}\n// release 2\n`;
      writeFileSync(path.join(served.staticDir, 'sw.js'), released);
      try {
        const second = await rawGet(`${served.server.url}/sw.js`, { 'accept-encoding': 'br' });
        expect(decoded(second)).toBe(released);
      } finally {
        writeFileSync(path.join(served.staticDir, 'sw.js'), WORKER);
      }
    });

    it('withholds source maps and their compressed copies, whatever the coding asked for', async () => {
      const maps = [`${SCRIPT_PATH}.map`, `${SCRIPT_PATH}.map.br`, `${SCRIPT_PATH}.map.gz`, `${SCRIPT_PATH}.MAP.BR`];
      for (const map of maps) {
        for (const acceptEncoding of ['br', 'gzip', 'identity']) {
          const answer = await rawGet(`${served.server.url}${map}`, { 'accept-encoding': acceptEncoding });
          expect({ map, acceptEncoding, status: answer.status }).toEqual({ map, acceptEncoding, status: 404 });
          expect(decoded(answer)).not.toContain('mappings');
        }
      }
    });

    it('compresses the console page, written per request with its nonce', async () => {
      for (const target of ['/', '/index.html']) {
        const answer = await rawGet(`${served.server.url}${target}`, { accept: 'text/html', 'accept-encoding': 'br, gzip' });
        expect({ target, status: answer.status, encoding: answer.headers['content-encoding'] }).toEqual({ target, status: 200, encoding: 'br' });
        expect(varies(answer)).toContain('accept-encoding');
        const page = decoded(answer);
        expect(page).toContain('<title>Order Cockpit</title>');
        expect(page).not.toContain('__CSP_NONCE__');
      }
      const plain = await rawGet(`${served.server.url}/`, { accept: 'text/html' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString('utf8')).toContain('<title>Order Cockpit</title>');
    });
  });

  describe('of API answers', () => {
    const ordersPath = () => `/api/orders?${rangeQuery(seededRange())}&limit=50`;
    const authorized = (headers: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...headers });

    it('compresses a large answer as asked, brotli before gzip, and leaves it as it is when not asked', async () => {
      const brotli = await rawGet(`${served.server.url}${ordersPath()}`, authorized({ 'accept-encoding': 'gzip, br' }));
      expect(brotli.status).toBe(200);
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(varies(brotli)).toContain('accept-encoding');
      const page = JSON.parse(decoded(brotli)) as OrderPage;
      expect(page.items.length).toBeGreaterThan(10);
      expect(brotli.body.length).toBeLessThan(Buffer.byteLength(decoded(brotli)) / 2);

      const gzip = await rawGet(`${served.server.url}${ordersPath()}`, authorized({ 'accept-encoding': 'gzip' }));
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect((JSON.parse(decoded(gzip)) as OrderPage).items).toEqual(page.items);

      const plain = await rawGet(`${served.server.url}${ordersPath()}`, authorized());
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect((JSON.parse(plain.body.toString('utf8')) as OrderPage).items).toEqual(page.items);
    });

    it('leaves small answers as they are', async () => {
      const health = await rawGet(`${served.server.url}/healthz`, { 'accept-encoding': 'br, gzip' });
      expect(health.status).toBe(200);
      expect(health.body.length).toBeLessThan(1024);
      expect(health.headers['content-encoding']).toBeUndefined();
    });

    it('compresses the CSV export as it streams', async () => {
      const answer = await rawGet(`${served.server.url}/api/orders/export.csv?${rangeQuery(seededRange())}`, authorized({ 'accept-encoding': 'gzip' }));
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(decoded(answer).split('\r\n').filter((line) => line !== '').length).toBeGreaterThan(10);
    });
  });

  describe('of the live events', () => {
    let closeStream: () => void = () => undefined;

    afterEach(() => closeStream());

    it('never compresses the stream, and events arrive as they happen', async () => {
      const list = await call(served.server, `/api/orders?${rangeQuery(seededRange())}&limit=1`, { token });
      const [order] = ((await list.json()) as OrderPage).items as [Order];

      let text = '';
      let ended = false;
      const waiters = new Set<() => void>();
      const until = (condition: () => boolean, what: string) =>
        new Promise<void>((resolve, reject) => {
          const check = () => {
            if (condition()) {
              finish();
              resolve();
            } else if (ended) {
              finish();
              reject(new Error(`the stream ended before ${what}; received: ${text}`));
            }
          };
          const timer = setTimeout(() => {
            finish();
            reject(new Error(`${what} did not arrive within 5 s; received: ${text}`));
          }, 5000);
          const finish = () => {
            clearTimeout(timer);
            waiters.delete(check);
          };
          waiters.add(check);
          check();
        });

      const headers = await new Promise<IncomingHttpHeaders>((resolve, reject) => {
        const outgoing = httpRequest(
          `${served.server.url}/api/events`,
          { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', 'accept-encoding': 'br, gzip' } },
          (incoming) => {
            incoming.on('data', (chunk: Buffer) => {
              text += chunk.toString('utf8');
              for (const waiter of [...waiters]) waiter();
            });
            incoming.on('end', () => {
              ended = true;
              for (const waiter of [...waiters]) waiter();
            });
            resolve(incoming.headers);
          },
        );
        outgoing.on('error', reject);
        outgoing.end();
        closeStream = () => outgoing.destroy();
      });
      expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(headers['content-encoding']).toBeUndefined();
      await until(() => /^retry: \d+$/m.test(text), 'the retry line');

      const changed = await call(served.server, `/api/orders/${order.id}`, {
        method: 'PATCH',
        token,
        body: { notes: 'Komprimiert? Nie.' },
        headers: { 'if-match': `"${order.version}"` },
      });
      expect(changed.status).toBe(200);
      await until(() => text.includes('Komprimiert? Nie.') && /\n\n$/.test(text), 'the event of the change');
      expect(ended).toBe(false);
    });
  });

  describe('its choice of types', () => {
    it('never compresses an event stream, even when sent as one body', async () => {
      const app = fastify();
      await registerCompression(app);
      const big = `data: ${'x'.repeat(4096)}\n\n`;
      app.get('/stream', (_request, reply) => reply.type('text/event-stream; charset=utf-8').send(big));
      app.get('/text', (_request, reply) => reply.type('text/plain; charset=utf-8').send(big));
      try {
        const stream = await app.inject({ url: '/stream', headers: { 'accept-encoding': 'br, gzip' } });
        expect(stream.headers['content-encoding']).toBeUndefined();
        expect(stream.body).toBe(big);
        const text = await app.inject({ url: '/text', headers: { 'accept-encoding': 'br, gzip' } });
        expect(text.headers['content-encoding']).toBe('br');
      } finally {
        await app.close();
      }
    });
  });
});
