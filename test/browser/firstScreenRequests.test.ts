import type { BrowserContext, Page, Request, Response } from 'playwright-core';
import { eventually } from '../support/eventually';
import { logIn } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';

/** One request of the page as it went: when it left and when its answer came, in the order seen. */
interface Exchange {
  request: Request;
  path: string;
  /** Position of the request among everything the page sent and received. */
  sent: number;
  /** Position of its answer, once it came. */
  answered: number | null;
  response: Response | null;
}

/** Records every request of `page` with the order of requests and answers. */
function recordExchanges(page: Page): Exchange[] {
  const exchanges: Exchange[] = [];
  let step = 0;
  page.on('request', (request) => {
    exchanges.push({ request, path: new URL(request.url()).pathname, sent: step++, answered: null, response: null });
  });
  page.on('response', (response) => {
    const exchange = exchanges.find((candidate) => candidate.request === response.request());
    if (exchange) {
      exchange.answered = step++;
      exchange.response = response;
    }
  });
  return exchanges;
}

const isList = (exchange: Exchange) => exchange.path === '/api/orders' && exchange.request.method() === 'GET';
const isFirstPage = (exchange: Exchange) => isList(exchange) && !new URL(exchange.request.url()).searchParams.has('cursor');
const isStream = (exchange: Exchange) => exchange.path === '/api/events';
const isOrdersChunk = (exchange: Exchange) => /^\/assets\/orders\.[0-9a-f]+\.js$/.test(exchange.path);
/** The console's rows. */
const rows = (page: Page) => page.locator('[role="row"][data-order-id]');

describe('the requests of a signed-in start on /orders', () => {
  let context: BrowserContext;

  // Registered before the helper's: afterAll hooks run in the order registered, and the context closes before its browser.
  afterAll(async () => {
    await context?.close();
  });

  const run = useCockpitInChromium();

  beforeAll(async () => {
    // No service worker: every request goes to the network, where the page's events see it.
    context = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: { width: 1400, height: 900 }, serviceWorkers: 'block' });
    const login = await context.newPage();
    await login.goto('/login');
    await logIn(login);
    await rows(login).first().waitFor();
    await login.close();
  });

  it('takes the configuration from the page, asks for the list once and loads the route\'s code beside it', async () => {
    const page = await context.newPage();
    const exchanges = recordExchanges(page);

    await page.goto('/orders?status=new&status=confirmed&status=in_progress');
    await rows(page).first().waitFor();
    const untilRows = [...exchanges];

    expect(untilRows.map((exchange) => exchange.path)).not.toContain('/config.json');

    // The first page of orders is asked for once, at start, beside the stream's connection (not after
    // it); a second list request until the rows show is for the page after it, when the first named
    // one (the window holds a page on either side).
    const [first, ...others] = untilRows.filter(isList);
    expect(first).toBeDefined();
    const firstQuery = new URL(first!.request.url()).searchParams;
    expect(firstQuery.get('cursor')).toBeNull();
    expect(firstQuery.getAll('status')).toEqual(['new', 'confirmed', 'in_progress']);
    expect(firstQuery.get('begin')).toBeTruthy();
    expect(firstQuery.get('end')).toBeTruthy();
    const streamBeforeRows = untilRows.find(isStream);
    expect(streamBeforeRows === undefined || streamBeforeRows.answered === null || first!.sent < streamBeforeRows.answered).toBe(true);
    expect(first!.answered).not.toBeNull();
    const nextCursor = ((await first!.response!.json()) as { nextCursor: string | null }).nextCursor;
    const nextPages = others.filter((exchange) => !isFirstPage(exchange));
    expect(nextPages.map((exchange) => new URL(exchange.request.url()).searchParams.get('cursor'))).toEqual(nextCursor && nextPages.length > 0 ? [nextCursor] : []);

    // The page's code and the first orders travel side by side: each leaves before the other is answered.
    const chunk = untilRows.find(isOrdersChunk);
    expect(chunk).toBeDefined();
    expect(chunk!.sent).toBeLessThan(first!.answered!);
    expect(first!.sent).toBeLessThan(chunk!.answered!);

    // The stream's first reset asks for nothing while that page is on its way. Only a list that had
    // arrived before the stream connected reads itself again, once (so a change made between the
    // two is not missed); that is the only other read of the first page, until the rows or after.
    await page.locator('.cockpit-live-indicator[data-state="live"]').waitFor();
    await eventually(() => exchanges.filter(isList).every((exchange) => exchange.answered !== null), {
      what: 'every list request to be answered',
    });
    await page.waitForTimeout(500);
    const stream = exchanges.find(isStream);
    expect(stream?.answered).not.toBeNull();
    const rereads = exchanges.filter(isFirstPage).slice(1);
    expect(rereads.length).toBeLessThanOrEqual(1);
    if (rereads.length === 1) {
      expect(first!.answered!).toBeLessThan(stream!.answered!);
      expect(rereads[0]!.sent).toBeGreaterThan(stream!.answered!);
    }
    await page.close();
  });

  it('shows no rows but the console\'s own, and nothing over them', async () => {
    const page = await context.newPage();
    // Seen in the page: every element with an order that entered the document, and every element
    // fixed over the page, before and while the first rows come.
    await page.addInitScript(() => {
      const foreign: string[] = [];
      (window as unknown as { foreign: string[] }).foreign = foreign;
      new MutationObserver((mutations) => {
        for (const mutation of mutations) {
          for (const node of mutation.addedNodes) {
            if (!(node instanceof HTMLElement)) {
              continue;
            }
            for (const element of [node, ...node.querySelectorAll<HTMLElement>('[data-order-id]')]) {
              if (element.hasAttribute('data-order-id') && !element.closest('#root [role="grid"], #root .cockpit-order-cards')) {
                foreign.push(element.outerHTML.slice(0, 120));
              }
            }
            if (!node.closest('#root') && !node.closest('.bp6-portal') && getComputedStyle(node).position === 'fixed') {
              foreign.push(node.outerHTML.slice(0, 120));
            }
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/orders');
    await rows(page).first().waitFor();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { foreign: string[] }).foreign)).toEqual([]);
    expect(await rows(page).first().locator('[role="gridcell"]').first().textContent()).toMatch(/\d/);
    await page.close();
  });
});
