import type { FirstPageRequest } from '../../../src/app/firstPageRequest';
import { ANSWER_WAIT_MS, previewFirstRows } from '../../../src/app/previewFirstRows';
import { rememberFirstRowsPlacement } from '../../../src/ui/orders/firstRowsPlacement';
import type { OrderPage } from '../../../shared/Order';
import { makeOrders } from '../support/FakeOrdersApi';

const PAGE: OrderPage = { items: makeOrders(30), nextCursor: null, total: 30 };

function request(page: Promise<OrderPage>, language: 'de' | 'en' = 'de'): FirstPageRequest {
  page.catch(() => undefined);
  return { token: 't', language, query: { begin: 'a', end: 'b', limit: 100, sort: 'begin' } as FirstPageRequest['query'], page };
}

function keepPlacement(overrides: { dark?: boolean; language?: 'de' | 'en' } = {}) {
  rememberFirstRowsPlacement(localStorage, {
    window: { width: window.innerWidth, height: window.innerHeight },
    language: overrides.language ?? 'de',
    grid: { top: 248, left: 16, width: 1000, height: 360 },
    columns: ['number', 'status', 'price'],
    rowHeight: 36,
    dark: overrides.dark ?? false,
  });
}

const previewRows = () => [...document.querySelectorAll('.cockpit-first-rows [data-order-id]')];

describe('the first rows drawn before the console exists', () => {
  let root: HTMLElement;
  beforeEach(() => {
    localStorage.clear();
    document.body.innerHTML = '<div id="root"></div>';
    root = document.getElementById('root') as HTMLElement;
  });

  it('draws the rows the box shows, with their texts in the language, where the grid stood, hidden from assistive technology', async () => {
    keepPlacement();
    const shown = previewFirstRows(document, root, request(Promise.resolve(PAGE)));
    await shown.settled;
    const preview = document.querySelector<HTMLElement>('.cockpit-first-rows');
    expect(preview?.getAttribute('aria-hidden')).toBe('true');
    expect(preview?.classList.contains('bp6-dark')).toBe(false);
    const grid = preview?.querySelector<HTMLElement>('.cockpit-orders-grid');
    expect([grid?.style.top, grid?.style.left, grid?.style.width, grid?.style.height]).toEqual(['248px', '16px', '1000px', '360px']);
    // 360 px of a grid of 36-px rows: ten rows under the header's.
    expect(previewRows()).toHaveLength(10);
    const first = PAGE.items[0];
    expect(previewRows()[0]?.getAttribute('data-order-id')).toBe(first?.id);
    const header = [...(preview?.querySelectorAll('.cockpit-order-header > div') ?? [])].map((cell) => cell.textContent);
    expect(header).toEqual(['Nummer', 'Status', 'Preis']);
    const statusNames: Record<string, string> = { new: 'Neu', confirmed: 'Bestätigt', in_progress: 'In Arbeit', completed: 'Abgeschlossen', cancelled: 'Storniert' };
    expect(previewRows()[0]?.querySelector('.cockpit-status')?.textContent).toBe(statusNames[first?.status ?? 'new']);
    // A picture: nothing to focus, and no grid, row or cell for assistive technology or the console's selectors.
    expect(preview?.querySelector('button, [tabindex], a, [role]')).toBeNull();
  });

  it('is drawn in the dark theme when the grid was', async () => {
    keepPlacement({ dark: true });
    await previewFirstRows(document, root, request(Promise.resolve(PAGE))).settled;
    expect(document.querySelector('.cockpit-first-rows')?.classList.contains('bp6-dark')).toBe(true);
  });

  it('goes in the same turn as the console’s own rows arrive', async () => {
    keepPlacement();
    await previewFirstRows(document, root, request(Promise.resolve(PAGE))).settled;
    expect(previewRows()).not.toHaveLength(0);
    root.innerHTML = `<div role="grid"><div role="row" data-order-id="${PAGE.items[0]?.id}"></div></div>`;
    await Promise.resolve();
    expect(document.querySelector('.cockpit-first-rows')).toBeNull();
  });

  it('goes once the console’s first screen is done, when it shows no rows', async () => {
    keepPlacement();
    const shown = previewFirstRows(document, root, request(Promise.resolve(PAGE)));
    await shown.settled;
    let done: () => void = () => undefined;
    shown.handOver(new Promise<void>((resolve) => (done = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('.cockpit-first-rows')).not.toBeNull();
    done();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('.cockpit-first-rows')).toBeNull();
  });

  it('draws nothing without a placement for this window and language, without orders, or when the answer failed', async () => {
    await previewFirstRows(document, root, request(Promise.resolve(PAGE))).settled;
    keepPlacement({ language: 'en' });
    await previewFirstRows(document, root, request(Promise.resolve(PAGE), 'de')).settled;
    keepPlacement();
    await previewFirstRows(document, root, request(Promise.resolve({ items: [], nextCursor: null, total: 0 }))).settled;
    await previewFirstRows(document, root, request(Promise.reject(new Error('401')))).settled;
    expect(document.querySelector('.cockpit-first-rows')).toBeNull();
  });

  it('draws nothing when the console’s rows came first', async () => {
    keepPlacement();
    let answer: (page: OrderPage) => void = () => undefined;
    const shown = previewFirstRows(document, root, request(new Promise<OrderPage>((resolve) => (answer = resolve))));
    root.innerHTML = `<div role="row" data-order-id="x"></div>`;
    await Promise.resolve();
    answer(PAGE);
    await shown.settled;
    expect(document.querySelector('.cockpit-first-rows')).toBeNull();
  });

  it('draws nothing over the console’s rows that were there before its chunk', async () => {
    keepPlacement();
    root.innerHTML = `<div role="row" data-order-id="x"></div>`;
    await previewFirstRows(document, root, request(Promise.resolve(PAGE))).settled;
    expect(document.querySelector('.cockpit-first-rows')).toBeNull();
  });
});

describe('how long the start waits for the first rows', () => {
  /** A start whose answer comes when the test gives it; `settled()` says whether the start may go on. */
  function startAwaitingTheAnswer() {
    let answer: (page: OrderPage) => void = () => undefined;
    let settled = false;
    const root = document.getElementById('root') as HTMLElement;
    void previewFirstRows(document, root, request(new Promise<OrderPage>((resolve) => (answer = resolve)))).settled.then(() => (settled = true));
    return { answer: (page: OrderPage) => answer(page), settled: () => settled };
  }

  beforeEach(() => {
    localStorage.clear();
    document.body.innerHTML = '<div id="root"></div>';
    jest.useFakeTimers();
    keepPlacement();
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('waits for a late answer no longer than ANSWER_WAIT_MS, and still draws it when it comes', async () => {
    const start = startAwaitingTheAnswer();
    await jest.advanceTimersByTimeAsync(ANSWER_WAIT_MS - 1);
    expect(start.settled()).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(start.settled()).toBe(true);
    start.answer(PAGE);
    await jest.advanceTimersByTimeAsync(0);
    expect(previewRows()).not.toHaveLength(0);
  });

  it('waits in full for the drawing of an answer that came in time', async () => {
    // The frames the drawing waits for do not come until the test says so.
    const frames: FrameRequestCallback[] = [];
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const start = startAwaitingTheAnswer();
    start.answer(PAGE);
    await jest.advanceTimersByTimeAsync(ANSWER_WAIT_MS * 2);
    expect(previewRows()).not.toHaveLength(0);
    expect(start.settled()).toBe(false);
    frames.splice(0).forEach((callback) => callback(0));
    await jest.advanceTimersByTimeAsync(0);
    frames.splice(0).forEach((callback) => callback(0));
    await jest.advanceTimersByTimeAsync(0);
    expect(start.settled()).toBe(true);
  });
});
