import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { useCockpitInChromium } from './support/useCockpitInChromium';

const DIST = path.resolve(__dirname, '../../dist');

/** Files smaller than this are left without compressed copies (webpack.config.ts). */
const THRESHOLD_BYTES = 1024;

/** The scripts and stylesheets the built index.html names, as paths below the build. */
function pageFiles(): string[] {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  return [...new Set(html.match(/assets\/[\w.-]+\.(js|css)\b/g) ?? [])];
}

describe('the compressed build', () => {

  const run = useCockpitInChromium();

  it('has brotli and gzip copies of the files the page loads, of no source map, and precaches none', () => {
    const files = pageFiles();
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) {
      const original = readFileSync(path.join(DIST, file));
      if (original.length < THRESHOLD_BYTES) continue;
      expect(brotliDecompressSync(readFileSync(path.join(DIST, `${file}.br`))).equals(original)).toBe(true);
      expect(gunzipSync(readFileSync(path.join(DIST, `${file}.gz`))).equals(original)).toBe(true);
      expect(statSync(path.join(DIST, `${file}.br`)).size).toBeLessThan(original.length);
    }
    const assets = readdirSync(path.join(DIST, 'assets'));
    expect(assets.filter((name) => /\.map\.(br|gz)$/.test(name))).toEqual([]);
    expect(readFileSync(path.join(DIST, 'sw.js'), 'utf8')).not.toMatch(/\.(br|gz)"/);
  });

  it('reaches the browser as brotli, and the console starts from it', async () => {
    const context = await run.browser.newContext({ baseURL: run.cockpit.url, locale: 'de-DE' });
    try {
      const page = await context.newPage();
      const answers: Promise<{ file: string; encoding: string | undefined }>[] = [];
      page.on('response', (response) => {
        const { pathname } = new URL(response.url());
        if (/^\/assets\/.+\.(js|css)$/.test(pathname)) {
          // A file the page asks for after the check (a chunk loaded once the page is idle) may still be
          // answering when the context closes: its headers are then unreadable, never a stray rejection.
          answers.push(
            response
              .allHeaders()
              .then((headers) => ({ file: pathname.slice(1), encoding: headers['content-encoding'] }))
              .catch(() => ({ file: pathname.slice(1), encoding: 'unreadable' })),
          );
        }
      });
      await page.goto('/login');
      await page.getByLabel('E-Mail').waitFor();
      const loaded = await Promise.all(answers);
      const expected = pageFiles().filter((file) => statSync(path.join(DIST, file)).size >= THRESHOLD_BYTES);
      for (const file of expected) {
        // Chromium takes brotli from secure contexts, which a loopback origin is.
        expect({ file, encoding: loaded.find((answer) => answer.file === file)?.encoding }).toEqual({ file, encoding: 'br' });
      }
    } finally {
      await context.close();
    }
  });
});
