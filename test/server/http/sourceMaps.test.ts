import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RunningServer } from '../../../server/startServer';
import { call, expectProblem, STARTUP_TIMEOUT_MS, startTestServer } from '../support/testServer';

const SCRIPT = 'console.log("cockpit");';
const MAP = JSON.stringify({ version: 3, file: 'assets/main.0123456789ab.js', sources: ['webpack://order-cockpit/./src/app/main.tsx'], mappings: 'AAAA' });

/** A console build as the production build leaves it: hashed files, each with its map beside it. */
function writeBuild(staticDir: string): void {
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Order Cockpit</title>');
  writeFileSync(path.join(staticDir, 'assets', 'main.0123456789ab.js'), SCRIPT);
  writeFileSync(path.join(staticDir, 'assets', 'main.0123456789ab.js.map'), MAP);
  writeFileSync(path.join(staticDir, 'assets', 'main.0123456789ab.css.map'), MAP);
  writeFileSync(path.join(staticDir, 'sw.js'), SCRIPT);
  writeFileSync(path.join(staticDir, 'sw.js.map'), MAP);
}

const MAPS = ['/assets/main.0123456789ab.js.map', '/assets/main.0123456789ab.css.map', '/sw.js.map'];

// One backend at a time: each describe closes its own before the next starts (two backends open in one
// process at once now and then never finished closing, on either engine; the product runs one per process).
describe('source maps of the console build', () => {
  let staticDir: string;
  let server: RunningServer;

  beforeAll(async () => {
    staticDir = mkdtempSync(path.join(tmpdir(), 'cockpit-dist-'));
    writeBuild(staticDir);
    server = await startTestServer({ staticDir });
  }, STARTUP_TIMEOUT_MS);

  // Closing a backend stops its housekeeping and push sender and releases their lease and claims: database
  // round trips that take longer than a hook's 5 s on a busy machine.
  afterAll(async () => {
    await server?.close();
    rmSync(staticDir, { recursive: true, force: true });
  }, STARTUP_TIMEOUT_MS);

  it('are not served by default: 404, as if they were not there, however the name is spelt', async () => {
    for (const map of [...MAPS, '/assets/main.0123456789ab.js%2Emap', '/assets/main.0123456789ab.js.MAP', '/sw.js.map?v=1']) {
      const answer = await call(server, map);
      const body = await expectProblem(answer, 404);
      expect({ map, status: body.status }).toEqual({ map, status: 404 });
    }
    // A page request for one gets the console page, never the map.
    const page = await call(server, MAPS[0] ?? '', { headers: { accept: 'text/html' } });
    expect(await page.text()).not.toContain('mappings');
  });

  it('leave the files they belong to served', async () => {
    for (const file of ['/assets/main.0123456789ab.js', '/sw.js']) {
      const answer = await call(server, file);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe(SCRIPT);
    }
  });

});

describe('source maps of the console build with serveSourceMaps', () => {
  let staticDir: string;
  let withMaps: RunningServer;
  let url: string;

  beforeAll(async () => {
    staticDir = mkdtempSync(path.join(tmpdir(), 'cockpit-dist-'));
    writeBuild(staticDir);
    withMaps = await startTestServer({ staticDir, serveSourceMaps: true });
    url = withMaps.url;
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await withMaps?.close();
    rmSync(staticDir, { recursive: true, force: true });
  }, STARTUP_TIMEOUT_MS);

  it('are served like the other files of the build', async () => {
    for (const map of MAPS) {
      const answer = await fetch(`${url}${map}`);
      expect({ map, status: answer.status }).toEqual({ map, status: 200 });
      expect(await answer.text()).toBe(MAP);
    }
    const hashed = await fetch(`${url}${MAPS[0]}`);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await hashed.text();
  });
});
