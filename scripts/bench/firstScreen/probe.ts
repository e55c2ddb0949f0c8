// What the first-screen bench watches inside the page: scripts handed to `addInitScript`, which run
// before any script of the page. Each tells the bench on the page's console when its moment has come
// (polling from the bench, `waitForFunction`, would load Playwright's injected script into the page
// while it starts, a long task of its own that every kind, the floor too, would count as its own).

export type FirstScreenKind = 'console' | 'floor' | 'login';

export const PATHS: Record<FirstScreenKind, string> = { console: '/orders', floor: '/floor.html', login: '/login' };

export interface FirstScreenProbe {
  selector: string;
  /** Whether the element is there only with text (then timed by Element Timing). */
  text: boolean;
}

/** What marks the first screen of each kind as there. */
export const PROBES: Record<FirstScreenKind, FirstScreenProbe> = {
  // The first cell of the console's grid's first row: the order number an operator clicks.
  console: { selector: '#root [role="grid"] [role="row"][data-order-id] > [role="gridcell"]', text: true },
  floor: { selector: '#orders tbody > tr > td', text: true },
  login: { selector: 'form input[type="password"]', text: false },
};

/** Written on the page's console once the probe is on screen (or the page failed): `first-screen:done <x> <y>`, the probe's centre. */
export const FIRST_SCREEN_DONE = 'first-screen:done';

/** Written on the page's console once an order is open beside the list. */
export const ORDER_OPEN = 'order:open';

/** What `watchFirstScreen` keeps in the page. Times in ms from the start of the navigation. */
export interface PageState {
  rowsAt: number;
  fcp: number | null;
  longTasks: [number, number][];
  error: string | null;
}

/**
 * Watches the DOM for the probe (with text where asked), notes the time it is on screen and tells the
 * bench, with the probe's centre to click; collects paints and long tasks. With `mark`, also marks a
 * performance trace (`console.timeStamp`, with that time and its own, for trace/main.ts).
 *
 * A probe with text is timed by the browser (Element Timing): it is given `elementtiming` as it
 * enters the DOM, before the frame that paints it, and the time is that frame's presentation. A
 * probe without text (the login form's field) is visible after the frame that lays it out: the time
 * is taken in a timer after that frame. Visibility is asked only after that frame, when the layout is
 * done: asked in the DOM's mutation callback it would make the browser lay the page out there.
 */
export function watchFirstScreen(args: { probe: FirstScreenProbe; mark?: string }): void {
  if (window.top !== window) {
    return;
  }
  const { probe, mark } = args;
  const state: PageState = { rowsAt: -1, fcp: null, longTasks: [], error: null };
  (window as unknown as { __firstScreen: PageState }).__firstScreen = state;
  const present = () => {
    const element = document.querySelector(probe.selector);
    return element !== null && (!probe.text || (element.textContent ?? '').trim() !== '') ? element : null;
  };
  const done = (at: number, element: Element | null) => {
    if (state.rowsAt >= 0) {
      // Entries of one frame may come in any order.
      state.rowsAt = Math.min(state.rowsAt, at);
      return;
    }
    state.rowsAt = at;
    observer.disconnect();
    if (mark) {
      // The time on screen, and the time of the mark itself (which places the page's clock in the trace).
      console.timeStamp(`${mark}${at}/${performance.now()}`);
    }
    const box = element?.getBoundingClientRect();
    console.debug(box ? `first-screen:done ${box.left + Math.min(box.width / 2, 20)} ${box.top + box.height / 2}` : 'first-screen:done');
  };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.name === 'first-contentful-paint') {
          state.fcp = entry.startTime;
        }
      }
    }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        state.longTasks.push([entry.startTime, entry.duration]);
      }
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { identifier: string; renderTime: number; startTime: number; element: Element | null }[]) {
        if (entry.identifier === 'first-screen') {
          done(entry.renderTime || entry.startTime, entry.element);
        }
      }
    }).observe({ type: 'element', buffered: true });
  } catch (error) {
    state.error = String(error);
    console.debug('first-screen:done');
  }
  let checking = false;
  // In the DOM; after the frame that paints it (layout done), visible: the time. Else the next frame.
  const afterFrame = () =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        const element = present();
        if (element?.checkVisibility()) {
          done(performance.now(), element);
        } else if (element) {
          afterFrame();
        } else {
          checking = false;
        }
      }, 0),
    );
  const observer = new MutationObserver(() => {
    const failed = document.body?.getAttribute('data-error');
    if (failed && state.error === null) {
      state.error = failed;
      console.debug('first-screen:done');
    }
    const element = state.rowsAt < 0 ? present() : null;
    if (!element) {
      return;
    }
    if (probe.text) {
      if (!element.hasAttribute('elementtiming')) {
        element.setAttribute('elementtiming', 'first-screen');
      }
    } else if (!checking) {
      checking = true;
      afterFrame();
    }
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

/** What `watchOrderOpening` keeps in the page. Times in ms from the start of the navigation. */
export interface OpeningState {
  /** Every click the page received from the operator's mouse (trusted), when it was dispatched. */
  clicks: number[];
  /** When the address first became an order's (`/orders/<id>`): the console opened it. */
  navigatedAt: number | null;
  /** When the open order was on screen: after the frame that laid it out. */
  openAt: number | null;
}

/**
 * The clicks the page received that opened nothing: those before the click that opened the order
 * (the last one received before the address became the order's, or before the order was on screen).
 * A click that opened it, but took longer than the next click to change the address, counts as lost
 * too: the count errs against the console.
 */
export function lostClicks(opening: OpeningState): number {
  const openedBy = opening.navigatedAt ?? opening.openAt ?? Infinity;
  const before = opening.clicks.filter((at) => at <= openedBy).length;
  return Math.max(0, before - 1);
}

/**
 * Watches for an order opened beside the list: the clicks the page receives, the address becoming an
 * order's (`history.pushState`, as the console's router navigates), and the order drawer showing the
 * order (not the panel that says it loads), visible after the frame that laid it out; tells the bench
 * once it is (`ORDER_OPEN`). The time is taken in a timer after that frame: a little after the frame
 * is shown, never before.
 */
export function watchOrderOpening(args: { shown: string; orderPath: string }): void {
  if (window.top !== window) {
    return;
  }
  const state: OpeningState = { clicks: [], navigatedAt: null, openAt: null };
  (window as unknown as { __opening: OpeningState }).__opening = state;
  const orderPath = new RegExp(args.orderPath);
  window.addEventListener(
    'click',
    (event) => {
      if (event.isTrusted) {
        state.clicks.push(performance.now());
      }
    },
    { capture: true },
  );
  const navigated = () => {
    if (state.navigatedAt === null && orderPath.test(location.pathname)) {
      state.navigatedAt = performance.now();
    }
  };
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method].bind(history);
    history[method] = (...call: Parameters<History['pushState']>) => {
      original(...call);
      navigated();
    };
  }
  let checking = false;
  const afterFrame = () =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        const element = document.querySelector(args.shown);
        if (element?.checkVisibility()) {
          state.openAt = performance.now();
          observer.disconnect();
          console.debug('order:open');
        } else if (element) {
          afterFrame();
        } else {
          checking = false;
        }
      }, 0),
    );
  const observer = new MutationObserver(() => {
    if (!checking && document.querySelector(args.shown)) {
      checking = true;
      afterFrame();
    }
  });
  observer.observe(document, { subtree: true, childList: true });
}

/** What shows an order open (the drawer with the order's status, not the panel that says it loads), and the path of an order. */
export const ORDER_OPENING = { shown: '.cockpit-order-detail .cockpit-order-status', orderPath: '^/orders/[^/]+/?$' };
