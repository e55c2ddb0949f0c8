import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RunningServer } from '../../../server/startServer';
import { call, STARTUP_TIMEOUT_MS, startTestServer } from '../support/testServer';

const INDEX_HTML = `<!doctype html>
<html><head><meta name="csp-nonce" content="__CSP_NONCE__"><title>Order Cockpit</title>
<script src="/main.3f2a1b9c.js" defer></script></head>
<body><div id="root"></div></body></html>`;

/** A release that would end the block, open a comment and run a script if it were written as it is. */
const HOSTILE_RELEASE = '2026.11.7</script><script>alert(1)</script><!--&\u2028';

const BLOCK = /<script id="cockpit-config" type="application\/json">(.*?)<\/script>/s;

describe('the runtime configuration in the console page', () => {
  let staticDir: string;
  let server: RunningServer;

  beforeAll(async () => {
    staticDir = mkdtempSync(path.join(tmpdir(), 'cockpit-dist-'));
    writeFileSync(path.join(staticDir, 'index.html'), INDEX_HTML);
    server = await startTestServer({ staticDir, release: HOSTILE_RELEASE, productionHost: 'cockpit.test.example' });
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await server?.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it.each(['/', '/index.html', '/orders?status=new'])('%s carries what /config.json answers as a JSON data block in its head', async (page) => {
    const html = await (await call(server, page, { headers: { accept: 'text/html' } })).text();
    const config = (await (await call(server, '/config.json')).json()) as { release: string };

    const block = BLOCK.exec(html);
    expect(block).not.toBeNull();
    expect(JSON.parse(block?.[1] ?? '')).toEqual(config);
    expect(config.release).toBe(HOSTILE_RELEASE);
    expect(html.indexOf(block?.[0] ?? '')).toBeLessThan(html.indexOf('</head>'));
  });

  it('escapes the configuration so that no value can end the block or be read as markup', async () => {
    const html = await (await call(server, '/')).text();
    const text = BLOCK.exec(html)?.[1] ?? '';

    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(text).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e\\u003c!--\\u0026\\u2028');
    // The page has exactly the scripts of the build and the data block: nothing broke out of it.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).not.toContain('alert(1)</script>');
  });
});
