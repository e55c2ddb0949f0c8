// One visit of the first-screen bench: a page opened in a context, CPU throttled, its first screen
// measured from inside the page (probe.ts) and its requests as Chromium saw them; for the console, the
// first order number clicked as an operator does, until the order opens.
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { throttleCpu } from '../shared/chromium';
import { FIRST_SCREEN_DONE, lostClicks, ORDER_OPEN, ORDER_OPENING, PATHS, PROBES, watchFirstScreen, watchOrderOpening, type FirstScreenKind, type OpeningState, type PageState } from './probe';
import type { FirstScreenSample } from './result';

/** How long a page stays open after its end (the order open, the rows), to count the list requests of its start. */
const SETTLE_MS = 3000;
/** Clicks on the order number are sent this often until the order opens. */
const CLICK_EVERY_MS = 100;
/** The longest the bench clicks before it calls a run failed. */
const OPEN_WITHIN_MS = 30_000;

interface RequestSeen {
  url: string;
  method: string;
  wallMs: number;
  type: string;
  bytes: number;
  encoding: string;
}

/** The first message on the page's console that starts with `prefix`; rejects when `timeoutMs` passes first or the page closes. */
function said(page: Page, prefix: string, timeoutMs: number): Promise<string> {
  return page.waitForEvent('console', { predicate: (message) => message.text().startsWith(prefix), timeout: timeoutMs }).then((message) => message.text());
}

/**
 * Clicks at (`x`, `y`) with the mouse as Chromium delivers an operator's (CDP `Input.dispatchMouseEvent`):
 * now, and every `CLICK_EVERY_MS` until `opened` settles, a click only once the one before has been
 * delivered (a busy page takes none meanwhile). Returns the clicks sent.
 */
async function clickUntil(cdp: CDPSession, x: number, y: number, opened: Promise<unknown>): Promise<number> {
  let sent = 0;
  let over = false;
  const mouse = (type: 'mouseMoved' | 'mousePressed' | 'mouseReleased') =>
    cdp.send('Input.dispatchMouseEvent', { type, x, y, button: type === 'mouseMoved' ? 'none' : 'left', clickCount: type === 'mouseMoved' ? 0 : 1 });
  const done = opened.then(
    () => (over = true),
    () => (over = true),
  );
  await mouse('mouseMoved');
  while (!over) {
    sent++;
    const click = mouse('mousePressed').then(() => mouse('mouseReleased'));
    await Promise.all([click, Promise.race([done, new Promise((resolve) => setTimeout(resolve, CLICK_EVERY_MS))])]);
  }
  return sent;
}

/**
 * Opens `kind` in a new page of `context`, CPU throttled, and measures its first screen; for the
 * console, clicks the first order number as soon as it is on screen, until the order opens.
 */
export async function visit(context: BrowserContext, kind: FirstScreenKind): Promise<FirstScreenSample> {
  const page = await context.newPage();
  try {
    const cdp = await throttleCpu(context, page);
    await cdp.send('Network.enable');
    const requests = new Map<string, RequestSeen>();
    cdp.on('Network.requestWillBeSent', (event) => {
      if (!requests.has(event.requestId)) {
        requests.set(event.requestId, { url: event.request.url, method: event.request.method, wallMs: event.wallTime * 1000, type: event.type ?? 'Other', bytes: 0, encoding: 'identity' });
      }
    });
    cdp.on('Network.responseReceived', (event) => {
      const seen = requests.get(event.requestId);
      if (seen) {
        seen.type = event.type;
        const encoding = Object.entries(event.response.headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1];
        seen.encoding = event.response.fromServiceWorker ? 'service worker' : event.response.fromDiskCache ? 'cache' : (encoding ?? 'identity');
      }
    });
    cdp.on('Network.loadingFinished', (event) => {
      const seen = requests.get(event.requestId);
      if (seen) {
        seen.bytes = event.encodedDataLength;
      }
    });
    await page.addInitScript(watchFirstScreen, { probe: PROBES[kind] });
    const isConsole = kind === 'console';
    if (isConsole) {
      await page.addInitScript(watchOrderOpening, ORDER_OPENING);
    }
    const visible = said(page, FIRST_SCREEN_DONE, 60_000);
    const opened = isConsole ? said(page, ORDER_OPEN, 60_000 + OPEN_WITHIN_MS) : null;
    visible.catch(() => undefined);
    opened?.catch(() => undefined);
    await page.goto(PATHS[kind], { waitUntil: 'commit' });
    const [, x, y] = (await visible).split(' ').map(Number);
    let clicks = 0;
    if (opened) {
      if (x === undefined || y === undefined || Number.isNaN(x) || Number.isNaN(y)) {
        throw new Error(`${PATHS[kind]}: no order number to click`);
      }
      clicks = await clickUntil(cdp, x, y, opened);
      await opened;
    }
    await page.waitForTimeout(SETTLE_MS);
    const { state, opening, timeOrigin, documentMs, list } = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      // The first first-page request sent (entries stand in the order they ended).
      const list = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => new URL(entry.name).pathname === '/api/orders' && !new URL(entry.name).searchParams.has('cursor'))
        .sort((a, b) => a.startTime - b.startTime)[0];
      const page = window as unknown as { __firstScreen: PageState; __opening?: OpeningState };
      return {
        state: page.__firstScreen,
        opening: page.__opening ?? null,
        timeOrigin: performance.timeOrigin,
        documentMs: navigation?.responseEnd ?? 0,
        list: list ? { sent: list.startTime, answered: list.responseEnd } : null,
      };
    });
    if (state.rowsAt < 0) {
      throw new Error(`${PATHS[kind]} failed: ${state.error}`);
    }
    if (opening && opening.openAt === null) {
      throw new Error(`${PATHS[kind]}: the order did not open`);
    }
    // The end of the visit: the order open (the console), the rows or the form on screen (the others).
    const end = opening?.openAt ?? state.rowsAt;
    const endWall = timeOrigin + end;
    const all = [...requests.values()];
    const before = all.filter((request) => request.wallMs <= endWall);
    const isList = (request: RequestSeen) => request.method === 'GET' && new URL(request.url).pathname === '/api/orders';
    const isFirstPage = (request: RequestSeen) => isList(request) && !new URL(request.url).searchParams.has('cursor');
    const isFurtherPage = (request: RequestSeen) => isList(request) && new URL(request.url).searchParams.has('cursor');
    const scriptsAndStyles = before.filter((request) => request.type === 'Script' || request.type === 'Stylesheet');
    const queryOf = (request: RequestSeen) => [...new URL(request.url).searchParams].map(([name, value]) => `${name}=${value}`).sort().join('&');
    const lists = all.filter(isList);
    const firstList = lists[0];
    const longTasks = state.longTasks.filter(([start]) => start < end);
    return {
      rowsMs: state.rowsAt,
      openMs: opening?.openAt ?? null,
      clicks,
      lostClicks: opening ? lostClicks(opening) : 0,
      fcpMs: state.fcp,
      longTasks: longTasks.length,
      longestTaskMs: Math.max(0, ...longTasks.map(([, duration]) => duration)),
      scriptCssBytes: scriptsAndStyles.reduce((sum, request) => sum + request.bytes, 0),
      requests: before.length,
      listRequests: before.filter(isFirstPage).length,
      listRequestsSettled: all.filter(isFirstPage).length,
      pageRequests: before.filter(isFurtherPage).length,
      pageRequestsSettled: all.filter(isFurtherPage).length,
      listQuery: firstList ? queryOf(firstList) : null,
      listQueries: [...new Set(lists.map(queryOf))],
      encodings: [...new Set(scriptsAndStyles.map((request) => request.encoding))].sort(),
      documentMs,
      listSentMs: list?.sent ?? null,
      listAnsweredMs: list?.answered ?? null,
    };
  } finally {
    await page.close();
  }
}
