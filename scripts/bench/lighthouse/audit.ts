// One Lighthouse run of a page, in a page of the running Chromium's default context, Lighthouse and
// its Puppeteer loaded by Node itself.
import { pathToFileURL } from 'node:url';
import type lighthouseFunction from 'lighthouse';
import type { Flags, Puppeteer, Result } from 'lighthouse';
import { type PageSeen, WATCH_PAGE } from './watchPage';

/** `specifier` (resolved as `require` would, from here) imported by Node itself, not through tsx. */
function nativeImport<T>(specifier: string): Promise<T> {
  const load = new Function('url', 'return import(url)') as (url: string) => Promise<T>;
  return load(pathToFileURL(require.resolve(specifier)).href);
}

/**
 * Lighthouse, and the Puppeteer it drives Chromium with, as Node loads them. Through tsx (`import`
 * here becomes `require`) their code is compiled again with the functions' names kept by a helper
 * (`__name`), and the functions they hand to the page as text (the benchmark index, the gatherers')
 * then fail there: both are imported natively (their ES modules), which tsx leaves alone.
 */
const loadLighthouse = async () => (await nativeImport<{ default: typeof lighthouseFunction }>('lighthouse')).default;
const loadPuppeteer = async () =>
  (await nativeImport<{ default: { connect(options: { browserURL: string; defaultViewport: null }): Promise<Puppeteer.Browser> } }>('puppeteer-core/lib/esm/puppeteer/puppeteer-core.js')).default;


/** One Lighthouse run of `url` in the Chromium at `port`, in a page of the browser's default context; and the page's LCP element. */
export async function audit(url: string, port: number, clearStorageTypes: NonNullable<Flags['clearStorageTypes']>): Promise<{ lhr: Result; seen: PageSeen }> {
  const flags: Flags = {
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance', 'accessibility'],
    onlyAudits: ['meta-description'],
    clearStorageTypes,
  };
  const [lighthouse, puppeteer] = await Promise.all([loadLighthouse(), loadPuppeteer()]);
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
  try {
    const page = await browser.newPage();
    try {
      await page.evaluateOnNewDocument(WATCH_PAGE);
      const result = await lighthouse(url, flags, undefined, page);
      if (!result) {
        throw new Error(`Lighthouse gave no result for ${url}`);
      }
      const { lhr } = result;
      if (lhr.runtimeError) {
        throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      }
      const seen = (await page.evaluate('({ lcp: window.__benchLcp ?? null, shifts: window.__benchShifts ?? [] })')) as PageSeen;
      return { lhr, seen };
    } finally {
      await page.close();
    }
  } finally {
    await browser.disconnect();
  }
}

