import { autorun } from 'mobx';
import { ApiError } from '../../../../src/domain/model/ApiError';
import { NO_ORDER_CRITERIA } from '../../../../src/domain/model/orderQuery';
import { OrdersFilterStore } from '../../../../src/domain/stores/OrdersFilterStore';
import { OrdersListStore, PAGE_SIZE } from '../../../../src/domain/stores/OrdersListStore';
import type { Order } from '../../../../shared/Order';
import { MobxStatePersistence, STATE_KEY } from '../../../../src/infrastructure/persistence/MobxStatePersistence';
import { SlicedStorage } from '../../../../src/infrastructure/persistence/SlicedStorage';
import { FakeOrdersApi, makeOrders } from '../../support/FakeOrdersApi';
import { FakeClock } from '../../support/fakes';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('OrdersListStore', () => {
  let api: FakeOrdersApi;
  let filter: OrdersFilterStore;
  let list: OrdersListStore;

  beforeEach(async () => {
    localStorage.clear();
    api = new FakeOrdersApi(makeOrders(1050));
    filter = new OrdersFilterStore(new FakeClock(new Date(2026, 10, 21, 10).getTime()), new MobxStatePersistence(new SlicedStorage(localStorage, STATE_KEY)));
    list = new OrdersListStore(api, filter);
    list.start();
    await settle();
  });

  afterEach(() => list.dispose());

  it('loads the first page of the filter, sorted by begin, with the overlap instants of the days, and the next as margin', () => {
    const query = {
      begin: new Date(2026, 10, 16, 0, 0, 0, 0).toISOString(),
      end: new Date(2026, 10, 22, 23, 59, 59, 999).toISOString(),
      sort: 'begin',
      limit: PAGE_SIZE,
    };
    expect(api.queries).toEqual([query, { ...query, cursor: 'after:o-100' }]);
    expect(list.state).toBe('ready');
    expect(list.total).toBe(1050);
    expect(list.rowCount).toBe(3 * PAGE_SIZE);
    expect(list.rowAt(0)?.number).toBe('AN-2026-000001');
    expect(list.rowAt(PAGE_SIZE)?.number).toBe('AN-2026-000101');
    expect(list.rowAt(2 * PAGE_SIZE)).toBeNull();
  });

  it('follows the cursor as rows come into view and holds only the pages around them', async () => {
    for (let page = 0; page < 10; page++) {
      list.showRows(page * PAGE_SIZE, page * PAGE_SIZE + 20);
      await settle();
    }
    expect(list.rowCount).toBe(1050);
    expect(list.rowAt(1049)?.number).toBe('AN-2026-001050');
    expect(list.heldPages).toBeLessThanOrEqual(3);
    expect(list.rowAt(0)).toBeNull();
    expect(api.queries.map((query) => query.cursor ?? null)).toEqual([null, ...Array.from({ length: 10 }, (_, i) => `after:o-${(i + 1) * PAGE_SIZE}`)]);

    // Scrolling back fetches a dropped page again with the cursor it had.
    const before = api.queries.length;
    list.showRows(0, 20);
    await settle();
    expect(list.rowAt(0)?.number).toBe('AN-2026-000001');
    expect(api.queries.slice(before).map((query) => query.cursor ?? null)).toEqual([null, 'after:o-100']);
  });

  it('starts over when the query changes and ignores answers of the old one', async () => {
    api.hold();
    list.showRows(100, 120);
    list.setCriteria({ ...NO_ORDER_CRITERIA, status: ['confirmed'], q: ' kunde ', sort: { key: 'price', descending: true } });
    api.orders = api.orders.map((order, i) => (i < 3 ? { ...order, status: 'confirmed' } : order));
    api.release();
    await settle();
    await settle();
    expect(api.queries.at(-1)).toMatchObject({ status: ['confirmed'], q: 'kunde', sort: '-price' });
    expect(list.total).toBe(3);
    expect(list.rowCount).toBe(3);
    expect(list.rowAt(0)?.status).toBe('confirmed');
  });

  it('reloads when the days change', async () => {
    filter.setRange({ begin: '2026-12-01', end: '2026-12-31' });
    await settle();
    expect(api.queries.at(-1)?.begin).toBe(new Date(2026, 11, 1).toISOString());
  });

  it('shows an error with a translated key and recovers on retry', async () => {
    api.failNext = new ApiError(500, { type: 'about:blank', title: 'Boom', status: 500 });
    await list.reload();
    expect(list.state).toBe('error');
    expect(list.errorKey).toBe('errors.server');
    await list.reload();
    expect(list.state).toBe('ready');
    expect(list.rowAt(0)).not.toBeNull();
  });

  it('puts a saved order in place only when it is newer', () => {
    const first = list.rowAt(0)!;
    list.replaceOrder({ ...first, notes: 'neu', version: 2 });
    expect(list.rowAt(0)?.notes).toBe('neu');
    list.replaceOrder({ ...first, notes: 'alt', version: 1 });
    expect(list.rowAt(0)?.notes).toBe('neu');
  });

});

describe('OrdersListStore with live changes', () => {
  let api: FakeOrdersApi;
  let list: OrdersListStore;

  const orderNumbered = (n: number) => api.orders.find((order) => order.number === `AN-2026-${String(n).padStart(6, '0')}`)!;
  const rows = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => list.rowAt(from + i)?.number ?? null);
  /** A new order sorting right after order `n` (same begin, greater id). */
  const newOrderAfter = (n: number, id: string): Order => ({ ...orderNumbered(n), id: `${orderNumbered(n).id}${id}`, number: `AN-2026-N${id}`, version: 1 });

  beforeEach(async () => {
    localStorage.clear();
    api = new FakeOrdersApi(makeOrders(350));
    const filter = new OrdersFilterStore(new FakeClock(new Date(2026, 10, 21, 10).getTime()), new MobxStatePersistence(new SlicedStorage(localStorage, STATE_KEY)));
    list = new OrdersListStore(api, filter);
    list.start();
    await settle();
  });

  afterEach(() => list.dispose());

  it('inserts a created order that matches at its sort position and counts it', () => {
    const created = newOrderAfter(5, 'x');
    list.applyEvents([{ type: 'order.created', order: created }]);
    expect(list.total).toBe(351);
    expect(rows(4, 6)).toEqual(['AN-2026-000005', 'AN-2026-Nx', 'AN-2026-000006']);
    // Two pages held (101 + 100 rows) and the next one, not loaded yet, counted as full.
    expect(list.rowCount).toBe(3 * PAGE_SIZE + 1);
  });

  it('leaves out a created order outside the filter', () => {
    const outside = { ...newOrderAfter(5, 'x'), begin: '2027-03-01T08:00:00.000Z', end: '2027-03-01T09:00:00.000Z' };
    list.applyEvents([{ type: 'order.created', order: outside }]);
    expect(list.total).toBe(350);
    expect(rows(4, 5)).toEqual(['AN-2026-000005', 'AN-2026-000006']);
  });

  it('replaces an updated order only when its version is newer, and moves it to its new place', () => {
    const third = orderNumbered(3);
    const moved = { ...third, begin: new Date(Date.parse(orderNumbered(7).begin) + 1000).toISOString(), version: 2 };
    list.applyEvents([{ type: 'order.updated', order: moved, previous: third }]);
    expect(rows(1, 7)).toEqual(['AN-2026-000002', 'AN-2026-000004', 'AN-2026-000005', 'AN-2026-000006', 'AN-2026-000007', 'AN-2026-000003', 'AN-2026-000008']);
    expect(list.total).toBe(350);
    list.applyEvents([{ type: 'order.updated', order: { ...third, notes: 'old news', version: 1 }, previous: null }]);
    expect(list.rowAt(6)?.version).toBe(2);
  });

  it('moves an updated order from one held page into the next, and back', () => {
    const third = orderNumbered(3);
    const later = { ...third, begin: new Date(Date.parse(orderNumbered(150).begin) + 1000).toISOString(), version: 2 };
    list.applyEvents([{ type: 'order.updated', order: later, previous: third }]);
    expect(rows(1, 3)).toEqual(['AN-2026-000002', 'AN-2026-000004', 'AN-2026-000005']);
    expect(rows(148, 150)).toEqual(['AN-2026-000150', 'AN-2026-000003', 'AN-2026-000151']);
    expect(list.total).toBe(350);
    expect(list.rowCount).toBe(3 * PAGE_SIZE);
    list.applyEvents([{ type: 'order.updated', order: { ...third, station: 'Lübeck', version: 3 }, previous: later }]);
    expect(rows(1, 3)).toEqual(['AN-2026-000002', 'AN-2026-000003', 'AN-2026-000004']);
    expect(list.rowAt(2)?.station).toBe('Lübeck');
    expect(rows(148, 150)).toEqual(['AN-2026-000149', 'AN-2026-000150', 'AN-2026-000151']);
  });

  it('leaves the count untouched by changes that keep orders in the list, so views showing it are not redrawn', () => {
    let countReads = 0;
    const stop = autorun(() => {
      void list.total;
      countReads++;
    });
    const changes = [3, 4, 5].map((n) => ({ type: 'order.updated' as const, order: { ...orderNumbered(n), station: 'Lübeck', version: 2 }, previous: orderNumbered(n) }));
    list.applyEvents(changes);
    expect(list.rowAt(3)?.station).toBe('Lübeck');
    expect(countReads).toBe(1);
    list.applyEvents([{ type: 'order.deleted', id: orderNumbered(9).id, previous: orderNumbered(9) }]);
    expect(list.total).toBe(349);
    expect(countReads).toBe(2);
    stop();
  });

  it('moves an order out of and back into a status filter', async () => {
    list.setCriteria({ ...NO_ORDER_CRITERIA, status: ['new'] });
    await settle();
    const second = orderNumbered(2);
    const confirmed = { ...second, status: 'confirmed' as const, version: 2 };
    list.applyEvents([{ type: 'order.updated', order: confirmed, previous: second }]);
    expect(list.total).toBe(349);
    expect(rows(0, 1)).toEqual(['AN-2026-000001', 'AN-2026-000003']);
    list.applyEvents([{ type: 'order.updated', order: { ...confirmed, status: 'new', version: 3 }, previous: confirmed }]);
    expect(list.total).toBe(350);
    expect(rows(0, 2)).toEqual(['AN-2026-000001', 'AN-2026-000002', 'AN-2026-000003']);
  });

  it('removes a deleted order', () => {
    list.applyEvents([{ type: 'order.deleted', id: orderNumbered(1).id, previous: orderNumbered(1) }]);
    expect(list.total).toBe(349);
    expect(list.rowAt(0)?.number).toBe('AN-2026-000002');
  });

  it('counts changes of dropped pages into their range and fetches exactly that range again', async () => {
    list.showRows(200, 220);
    await settle();
    list.showRows(300, 320);
    await settle();
    expect(list.rowAt(0)).toBeNull();
    // While page 0 is dropped: one order of it is deleted, two are created in it.
    const gone = orderNumbered(10);
    api.orders = api.orders.filter((order) => order.id !== gone.id);
    const created = [newOrderAfter(20, 'a'), newOrderAfter(30, 'b')];
    api.orders.push(...created);
    list.applyEvents([
      { type: 'order.deleted', id: gone.id, previous: gone },
      ...created.map((order) => ({ type: 'order.created' as const, order })),
    ]);
    expect(list.total).toBe(351);
    list.showRows(95, 105);
    await settle();
    await settle();
    expect(rows(98, 102)).toEqual(['AN-2026-000098', 'AN-2026-000099', 'AN-2026-000100', 'AN-2026-000101', 'AN-2026-000102']);
    expect(rows(18, 21)).toEqual(['AN-2026-000020', 'AN-2026-Na', 'AN-2026-000021', 'AN-2026-000022']);
  });

  it('replays changes that crossed a page request onto its answer', async () => {
    api.hold();
    list.showRows(100, 120);
    // Page 2 (orders 201–300) is on its way; the backend answers without the order created meanwhile.
    const created = newOrderAfter(250, 'c');
    list.applyEvents([{ type: 'order.created', order: created }]);
    api.release();
    await settle();
    expect(rows(249, 251)).toEqual(['AN-2026-000250', 'AN-2026-Nc', 'AN-2026-000251']);
    expect(list.total).toBe(351);
  });

  it('does not count an event twice after the saved order was put in place', () => {
    const first = orderNumbered(1);
    const saved = { ...first, status: 'confirmed' as const, version: 2 };
    list.replaceOrder(saved);
    list.applyEvents([{ type: 'order.updated', order: saved, previous: first }]);
    expect(list.total).toBe(350);
    expect(list.rowAt(0)).toEqual(saved);
  });

  it('reads the list again on reset, keeping the rows until the answer, and applies what arrived meanwhile', async () => {
    api.hold();
    list.applyEvents([{ type: 'reset', after: null }]);
    expect(list.rowAt(0)?.number).toBe('AN-2026-000001');
    const created = newOrderAfter(1, 'r');
    list.applyEvents([{ type: 'order.created', order: created }]);
    api.release();
    await settle();
    expect(list.state).toBe('ready');
    expect(rows(0, 2)).toEqual(['AN-2026-000001', 'AN-2026-Nr', 'AN-2026-000002']);
    expect(list.total).toBe(351);
  });
});

describe('OrdersListStore at the first screen', () => {
  let api: FakeOrdersApi;
  let list: OrdersListStore;

  const criteria = { ...NO_ORDER_CRITERIA, status: ['new' as const], q: 'kunde' };
  /** Requests for a first page (those without a cursor). */
  const firstPages = () => api.queries.filter((query) => !query.cursor);

  beforeEach(async () => {
    localStorage.clear();
    api = new FakeOrdersApi(makeOrders(50).map((order) => ({ ...order, status: 'new' as const, customer: { ...order.customer, name: 'Kunde Nord' } })));
    const filter = new OrdersFilterStore(new FakeClock(new Date(2026, 10, 21, 10).getTime()), new MobxStatePersistence(new SlicedStorage(localStorage, STATE_KEY)));
    await filter.restore();
    list = new OrdersListStore(api, filter);
  });

  afterEach(() => list.dispose());

  it('lets the view take over a preloaded first page that is still on its way, asking nothing again', async () => {
    api.hold();
    const preloaded = list.preload(criteria);
    list.setCriteria({ ...criteria, status: [...criteria.status] });
    list.start();
    expect(firstPages()).toHaveLength(1);
    expect(firstPages()[0]).toMatchObject({ status: ['new'], q: 'kunde', sort: 'begin' });

    api.release();
    await preloaded;
    expect(list.state).toBe('ready');
    expect(list.total).toBe(50);
    expect(list.rowAt(0)?.number).toBe('AN-2026-000001');
    expect(api.queries).toHaveLength(1);
  });

  it('lets the view take over a preloaded first page that has arrived', async () => {
    await list.preload(criteria);
    list.setCriteria(criteria);
    list.start();
    await list.load();
    await settle();
    expect(api.queries).toHaveLength(1);
    expect(list.rowAt(49)?.number).toBe('AN-2026-000050');
  });

  it('starts over when the view asks for another query than the preloaded one, dropping its answer', async () => {
    api.hold();
    void list.preload(criteria);
    list.setCriteria({ ...criteria, q: '' });
    list.start();
    api.release();
    await settle();
    expect(firstPages().map((query) => query.q ?? '')).toEqual(['kunde', '']);
    expect(list.state).toBe('ready');
  });

  it('asks nothing on a reset before anything was loaded: the view loads afresh when it starts', async () => {
    list.applyEvents([{ type: 'reset', after: null }]);
    await settle();
    expect(api.queries).toEqual([]);
    expect(list.state).toBe('idle');

    list.setCriteria(criteria);
    list.start();
    await settle();
    expect(api.queries).toHaveLength(1);
  });

  it('takes the first page on its way as the answer to a reset it was read after, with the changes that arrived meanwhile', async () => {
    api.lastEventId = 7;
    api.hold();
    const preloaded = list.preload(criteria);
    list.applyEvents([{ type: 'reset', after: 7 }]);
    const changed = { ...api.orders[0]!, station: 'Halle 9', version: 2 };
    list.applyEvents([{ type: 'order.updated', order: changed, previous: api.orders[0]! }]);
    api.release();
    await preloaded;
    await settle();
    expect(api.queries).toHaveLength(1);
    expect(list.rowAt(0)?.station).toBe('Halle 9');
  });

  it('reads the first page again when it was read before the stream began: the changes between come with the second answer', async () => {
    api.lastEventId = 5;
    api.hold();
    const preloaded = list.preload(criteria);
    // Changed after the page was read and before the stream began (events 6 and 7): the stream does not send them.
    api.changeBehindTheScenes('o-1', { station: 'Halle 9' });
    api.lastEventId = 7;
    list.applyEvents([{ type: 'reset', after: 7 }]);
    api.release();
    await preloaded;
    await settle();
    expect(firstPages()).toHaveLength(2);
    expect(list.state).toBe('ready');
    expect(list.rowAt(0)?.station).toBe('Halle 9');
  });

  it('judges a reset whose batch comes after the first page arrived by what that page was read with', async () => {
    api.lastEventId = 9;
    await list.preload(criteria);
    list.applyEvents([{ type: 'reset', after: 9 }]);
    await settle();
    expect(firstPages()).toHaveLength(1);

    list.applyEvents([{ type: 'reset', after: 10 }]);
    await settle();
    expect(firstPages()).toHaveLength(2);
    // The second answer was read with event 9 as well: a reset after 10 still finds it older.
    api.lastEventId = 10;
    list.applyEvents([{ type: 'reset', after: 10 }]);
    await settle();
    expect(firstPages()).toHaveLength(3);
    list.applyEvents([{ type: 'reset', after: 10 }]);
    await settle();
    expect(firstPages()).toHaveLength(3);
  });

  it('reads again on a reset that names no id', async () => {
    api.lastEventId = 3;
    api.hold();
    const preloaded = list.preload(criteria);
    list.applyEvents([{ type: 'reset', after: null }]);
    api.release();
    await preloaded;
    await settle();
    expect(firstPages()).toHaveLength(2);
  });

  it('reads a loaded list again on a later reset, and a failed one', async () => {
    await list.preload(criteria);
    list.applyEvents([{ type: 'reset', after: null }]);
    await settle();
    expect(firstPages()).toHaveLength(2);

    api.failNext = new ApiError(500, { type: 'about:blank', title: 'Boom', status: 500 });
    await list.reload();
    expect(list.state).toBe('error');
    list.applyEvents([{ type: 'reset', after: null }]);
    await settle();
    expect(firstPages()).toHaveLength(4);
    expect(list.state).toBe('ready');
  });

  it('leaves a list no view shows alone on a reset and reads it afresh when a view starts again', async () => {
    list.setCriteria(criteria);
    list.start();
    await settle();
    list.dispose();
    list.applyEvents([{ type: 'reset', after: null }]);
    await settle();
    expect(firstPages()).toHaveLength(1);

    list.start();
    await settle();
    expect(firstPages()).toHaveLength(2);
  });
});
