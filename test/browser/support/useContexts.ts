import type { BrowserContext, BrowserContextOptions } from 'playwright-core';
import type { CockpitInChromium } from './useCockpitInChromium';

/**
 * Browser contexts of the file's backend, each closed after the test that made it (registered as an
 * `afterEach`): `newContext(options)` makes one with the backend's address, Berlin's time zone and no
 * service worker, over which `options` go.
 */
export function useContexts(run: CockpitInChromium): (options: BrowserContextOptions) => Promise<BrowserContext> {
  const contexts: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  return async (options) => {
    const context = await run.browser.newContext({ baseURL: run.cockpit.url, timezoneId: 'Europe/Berlin', serviceWorkers: 'block', ...options });
    contexts.push(context);
    return context;
  };
}
