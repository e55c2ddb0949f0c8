import { requestFirstPage } from '../../../src/app/firstPageRequest';
import { ObservableSessionStore } from '../../../src/domain/stores/ObservableSessionStore';
import { OrdersFilterStore } from '../../../src/domain/stores/OrdersFilterStore';
import { OrdersListStore } from '../../../src/domain/stores/OrdersListStore';
import type { OrderPage, OrderQuery } from '../../../shared/Order';
import { RUNTIME_CONFIG_ELEMENT_ID } from '../../../shared/runtimeConfigElement';
import { MobxStatePersistence, STATE_KEY } from '../../../src/infrastructure/persistence/MobxStatePersistence';
import { SlicedStorage } from '../../../src/infrastructure/persistence/SlicedStorage';
import { orderCriteriaFromSearch } from '../../../src/ui/orders/orderCriteriaFromSearch';
import { loginResult } from '../support/demoUser';
import { FakeOrdersApi, makeOrders } from '../support/FakeOrdersApi';
import { FakeClock } from '../support/fakes';
import { tokenExpiringAt } from '../support/fakeJwt';

const NOW = new Date(2026, 10, 21, 10).getTime();
const PAGE: OrderPage = { items: makeOrders(3), nextCursor: null, total: 3, lastEventId: 12 };

/** What of a fetch answer the HttpClient reads. */
const answer = (status: number, body: unknown) =>
  Promise.resolve({ status, ok: status >= 200 && status < 300, text: () => Promise.resolve(JSON.stringify(body)), blob: () => Promise.reject(new Error('no blob')) });

/** The page the entry runs in: its configuration block, its storage, its URL and a fetch that records. */
function page(path: string, apiBase = '/api') {
  document.body.innerHTML = `<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">${JSON.stringify({ apiBase, release: 'r1' })}</script>`;
  window.history.replaceState(null, '', path);
  const sent: { url: string; headers: Record<string, string> }[] = [];
  const fetch = (url: string, init: RequestInit) => {
    sent.push({ url, headers: init.headers as Record<string, string> });
    return answer(200, PAGE);
  };
  return { win: { document, localStorage, location: window.location, fetch }, sent };
}

/** The session and days as the console's stores keep them, written by those stores. */
async function storeSession(options: { token?: string; language?: 'de' | 'en'; days?: { begin: string; end: string } } = {}) {
  const persistence = new MobxStatePersistence(new SlicedStorage(localStorage, STATE_KEY));
  const session = new ObservableSessionStore(new FakeClock(NOW), persistence);
  await session.restore();
  session.signIn(loginResult(NOW));
  if (options.token) {
    session.signIn({ ...loginResult(NOW), token: options.token });
  }
  session.setLanguage(options.language ?? 'de');
  const filter = new OrdersFilterStore(new FakeClock(NOW), persistence);
  await filter.restore();
  if (options.days) {
    expect(filter.setRange(options.days)).toBe(true);
  }
  session.dispose();
  filter.dispose();
}

/** What the console's stores restore from the same storage, and the first page their list asks for. */
async function restoredFirstPage(search: string): Promise<{ token: string | null; language: string; query: OrderQuery | undefined }> {
  const persistence = new MobxStatePersistence(new SlicedStorage(localStorage, STATE_KEY));
  const session = new ObservableSessionStore(new FakeClock(NOW), persistence);
  const filter = new OrdersFilterStore(new FakeClock(NOW), persistence);
  await Promise.all([session.restore(), filter.restore()]);
  const api = new FakeOrdersApi([]);
  const list = new OrdersListStore(api, filter);
  await list.preload(orderCriteriaFromSearch(search));
  const restored = { token: session.token, language: session.language, query: api.queries[0] };
  session.dispose();
  filter.dispose();
  list.dispose();
  return restored;
}

describe('requestFirstPage: the entry asks for the first page of orders before the console is made', () => {
  beforeEach(() => localStorage.clear());

  it('asks for what the restored list asks for, with the restored session, through the HttpClient\'s rules', async () => {
    await storeSession({ language: 'en', days: { begin: '2026-11-02', end: '2026-11-12' } });
    const { win, sent } = page('/orders?status=new&status=confirmed&q=%20Kiel%20&sort=-price', '/backend/api');
    const request = requestFirstPage(win, NOW);

    const restored = await restoredFirstPage('?status=new&status=confirmed&q=%20Kiel%20&sort=-price');
    expect(request).not.toBeNull();
    expect(request!.token).toBe(restored.token);
    expect(request!.language).toBe(restored.language);
    expect(request!.query).toEqual(restored.query);
    expect(JSON.stringify(request!.query)).toBe(JSON.stringify(restored.query));
    expect(sent).toHaveLength(1);
    const url = new URL(sent[0]!.url, 'https://cockpit.example');
    expect(url.pathname).toBe('/backend/api/orders');
    expect(url.searchParams.getAll('status')).toEqual(['new', 'confirmed']);
    expect(url.searchParams.get('q')).toBe('Kiel');
    expect(url.searchParams.get('sort')).toBe('-price');
    expect(url.searchParams.get('limit')).toBe('100');
    expect(url.searchParams.has('cursor')).toBe(false);
    expect(sent[0]!.headers).toEqual({ Accept: 'application/json', Authorization: `Bearer ${restored.token}`, 'x-ui-locale': 'en' });
    await expect(request!.page).resolves.toEqual(PAGE);
  });

  it('asks for this week, as the filter restores it, when no days are stored or the stored ones are not taken', async () => {
    await storeSession();
    const state = JSON.parse(localStorage.getItem(STATE_KEY)!) as Record<string, unknown>;
    localStorage.setItem(STATE_KEY, JSON.stringify({ ...state, orders: { filter: { begin: '2026-12-31', end: '2026-01-01' } } }));
    const { win } = page('/orders');
    const request = requestFirstPage(win, NOW);
    expect(request?.query).toEqual((await restoredFirstPage('')).query);
  });

  it('asks on /orders/:id with its search, and on / without it (the routes redirect there and drop it)', async () => {
    await storeSession();
    expect(requestFirstPage(page('/orders/o-7?q=Golf').win, NOW)?.query).toEqual((await restoredFirstPage('?q=Golf')).query);
    expect(requestFirstPage(page('/?q=Golf').win, NOW)?.query).toEqual((await restoredFirstPage('')).query);
  });

  it('asks nothing when the start shows no orders or the session would not be restored', async () => {
    const nothing = (path: string) => {
      const { win, sent } = page(path);
      expect(requestFirstPage(win, NOW)).toBeNull();
      expect(sent).toEqual([]);
    };
    nothing('/orders');
    await storeSession();
    nothing('/settings');
    nothing('/login');

    await storeSession({ token: tokenExpiringAt(NOW - 1000) });
    nothing('/orders');
    expect((await restoredFirstPage('')).token).toBeNull();

    localStorage.setItem(STATE_KEY, '{not json');
    nothing('/orders');
  });

  it('asks nothing from a page without a configuration (the development server\'s): the console asks as before', async () => {
    await storeSession();
    const { win, sent } = page('/orders');
    document.body.innerHTML = '';
    expect(requestFirstPage(win, NOW)).toBeNull();
    expect(sent).toEqual([]);
  });

  it('rejects as the OrdersApi does when the backend refuses it', async () => {
    await storeSession();
    const { win } = page('/orders');
    win.fetch = () => answer(401, { type: 'about:blank', title: 'Unauthorized', status: 401 });
    await expect(requestFirstPage(win, NOW)!.page).rejects.toMatchObject({ status: 401 });
  });
});
