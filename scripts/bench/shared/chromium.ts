// The benches' Chromium: Debian's, headless, with the tests' switches (test/browser/support/chromium),
// every page's CPU slowed down as a modest operator's machine, and the page context they all use.
import type { Browser, BrowserContext, BrowserContextOptions, CDPSession, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../test/browser/support/chromium';

/** How many times slower the benches' pages run than this machine could run them. */
export const CPU_THROTTLING = 4;

/** The window and time zone every bench page has: a desktop screen in Germany. */
export const BENCH_CONTEXT = { viewport: { width: 1400, height: 900 }, timezoneId: 'Europe/Berlin' };

/** Debian's Chromium, headless, with the tests' switches and `extraArgs`. */
export function launchBenchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/** A new context of `browser` with the bench window and `options`, its pages ready for functions written in the bench. */
export async function newBenchContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ ...BENCH_CONTEXT, ...options });
  // tsx (esbuild) keeps function names with a `__name` helper, also inside the functions handed to
  // page.evaluate: give the page a harmless one.
  await context.addInitScript('window.__name = (target) => target;');
  return context;
}

/** Slows down `page`'s CPU `CPU_THROTTLING` times; answers the DevTools session that does it. */
export async function throttleCpu(context: BrowserContext, page: Page): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
  return cdp;
}
