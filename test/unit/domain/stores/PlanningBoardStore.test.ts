import { autorun } from 'mobx';
import type { Order } from '../../../../shared/Order';
import { PlanningPageStart } from '../../../../src/app/modules/planningPageModule';
import { BURST_INTERVAL_MS, LiveOrderUpdates } from '../../../../src/domain/lifecycle/LiveOrderUpdates';
import { ApiError } from '../../../../src/domain/model/ApiError';
import { NO_ORDER_CRITERIA } from '../../../../src/domain/model/orderQuery';
import { OrdersApi } from '../../../../src/domain/ports/OrdersApi';
import { OrdersFilterStore } from '../../../../src/domain/stores/OrdersFilterStore';
import { BAR_CHUNK, PlanningBoardStore } from '../../../../src/domain/stores/PlanningBoardStore';
import { BOARD_PAGE_SIZE } from '../../../../src/domain/stores/planningReads';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { FakeOrdersApi, makeOrders } from '../../support/FakeOrdersApi';

/** makeOrders' orders lie in the week of 16 November 2026; the test clock is in it. */
const WEEK = { begin: '2026-11-16', end: '2026-11-22' };

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

describe('PlanningBoardStore', () => {
  let bed: TestBed;
  let api: FakeOrdersApi;
  let board: PlanningBoardStore;
  let live: LiveOrderUpdates;

  function setUp(orders: Order[]): void {
    bed = createTestContainer();
    api = new FakeOrdersApi(orders);
    bed.container.rebind(OrdersApi).toConstantValue(api);
    bed.container.get(OrdersFilterStore).setRange(WEEK);
    live = bed.container.get(LiveOrderUpdates);
    live.start();
    bed.container.get(PlanningPageStart);
    board = bed.container.get(PlanningBoardStore);
  }

  afterEach(() => {
    board.dispose();
    live.dispose();
  });

  const barIds = (station = 'Kiel') => board.rowOf(station).bars.map((bar) => bar.order.id);

  it('reads every order of the range in pages of the largest size the contract allows', async () => {
    setUp(makeOrders(1200));
    board.start();
    await settle();
    expect(board.state).toBe('ready');
    expect(board.orders.size).toBe(1200);
    const lists = api.queries.filter((query) => query.limit !== undefined);
    expect(lists.map((query) => [query.limit, query.cursor ?? null])).toEqual([
      [BOARD_PAGE_SIZE, null],
      [BOARD_PAGE_SIZE, 'after:o-500'],
      [BOARD_PAGE_SIZE, 'after:o-1000'],
    ]);
    expect(BOARD_PAGE_SIZE).toBe(500);
  });

  it('asks with the list’s days and criteria and reads again when they change', async () => {
    const orders = makeOrders(3).map((order, i) => ({ ...order, station: i === 0 ? 'Kiel' : 'Hamburg' }));
    setUp(orders);
    board.start();
    await settle();
    expect(board.rowStations).toEqual(['Hamburg', 'Kiel']);
    board.setCriteria({ ...NO_ORDER_CRITERIA, stations: ['Hamburg'], status: ['new'], q: 'Kunde' });
    await settle();
    const last = api.queries.at(-1)!;
    expect([last.station, last.status, last.q]).toEqual([['Hamburg'], ['new'], 'Kunde']);
    expect(board.rowStations).toEqual(['Hamburg']);
    expect(barIds('Hamburg')).toEqual(['o-2', 'o-3']);
    bed.container.get(OrdersFilterStore).setRange({ begin: '2026-11-23', end: '2026-11-29' });
    await settle();
    expect(api.queries.at(-1)!.begin).toBe(new Date(2026, 10, 23).toISOString());
    expect(barIds('Hamburg')).toEqual([]);
  });

  it('moves, adds and removes bars from the live stream, and marks an order changed by someone else', async () => {
    const orders = makeOrders(3);
    setUp(orders);
    board.start();
    await settle();
    const [first, second, third] = orders as [Order, Order, Order];
    bed.events.emit('order.updated', { ...first, station: 'Hamburg', version: 2, previous: first }, '1');
    bed.events.emit('order.deleted', { id: second.id, previous: second }, '2');
    bed.events.emit('order.created', { ...third, id: 'o-new', number: 'AN-9' }, '3');
    bed.events.emit('order.updated', { ...third, begin: '2026-12-01T08:00:00.000Z', end: '2026-12-01T09:00:00.000Z', version: 2, previous: third }, '4');
    bed.frames.frame();
    expect(barIds('Hamburg')).toEqual(['o-1']);
    expect(barIds('Kiel')).toEqual(['o-new']);
    expect([...board.changedElsewhere.keys()]).toEqual(['o-1']);
  });

  it('does not mark the operator’s own save, whose event comes back through the stream', async () => {
    const [order] = makeOrders(1) as [Order];
    setUp([order]);
    board.start();
    await settle();
    const saved = { ...order, station: 'Lübeck', version: 2 };
    board.noteSaved(saved);
    bed.events.emit('order.updated', { ...saved, previous: order }, '1');
    bed.frames.frame();
    expect(barIds('Lübeck')).toEqual(['o-1']);
    expect(board.changedElsewhere.size).toBe(0);
  });

  it('keeps a live change made while the pages are still read, and a deletion', async () => {
    const orders = makeOrders(600);
    setUp(orders);
    api.hold();
    board.start();
    await settle();
    expect(board.state).toBe('loading');
    // The pages under way were read before these changes.
    bed.events.emit('order.updated', { ...orders[550]!, station: 'Hamburg', version: 2, previous: orders[550] }, '1');
    bed.events.emit('order.deleted', { id: 'o-560', previous: orders[559] }, '2');
    bed.frames.frame();
    api.release();
    await settle();
    expect(board.state).toBe('ready');
    expect(barIds('Hamburg')).toEqual(['o-551']);
    expect(board.orders.get('o-560')).toBeUndefined();
    expect(board.orders.size).toBe(599);
  });

  it('reads again after a reset of the stream that missed changes, not after one that missed none', async () => {
    setUp(makeOrders(2));
    api.lastEventId = 7;
    board.start();
    await settle();
    const boardReads = () => api.queries.filter((query) => query.limit === BOARD_PAGE_SIZE).length;
    const reads = boardReads();
    bed.events.emit('reset', null, '7');
    bed.frames.frame();
    await settle();
    expect(boardReads()).toBe(reads);
    bed.timers.advance(BURST_INTERVAL_MS);
    bed.events.emit('reset', null, '9');
    bed.frames.frame();
    await settle();
    expect(boardReads()).toBe(reads + 1);
  });

  it('says when the orders could not be read', async () => {
    setUp(makeOrders(2));
    api.failNextList = new ApiError(503);
    board.start();
    await settle();
    expect(board.state).toBe('error');
  });

  it('reads the stations one by one in the order of the rows, each row busy until its last page is read', async () => {
    const orders = makeOrders(605).map((order, i) => ({ ...order, station: i < 600 ? 'Aachen' : i < 602 ? 'Bremen' : i < 604 ? 'Kiel' : 'Lübeck' }));
    setUp(orders);
    const step = async () => {
      api.release();
      api.hold();
      await settle();
    };
    api.hold();
    board.start();
    await settle();
    // The facets read; the top row's first page under way, alone.
    await step();
    expect(board.rowStations).toEqual(['Aachen', 'Bremen', 'Kiel', 'Lübeck']);
    expect(board.rowStations.map((station) => board.rowBusy(station))).toEqual([true, true, true, true]);
    await step();
    expect(board.rowOf('Aachen').bars).toHaveLength(BOARD_PAGE_SIZE);
    expect(board.rowBusy('Aachen')).toBe(true);
    await step();
    expect(board.rowBusy('Aachen')).toBe(false);
    expect(board.rowBusy('Bremen')).toBe(true);
    // Then two stations at a time.
    await step();
    expect(board.rowStations.map((station) => board.rowBusy(station))).toEqual([false, false, false, true]);
    expect(barIds('Bremen')).toEqual(['o-601', 'o-602']);
    api.release();
    await settle();
    expect(board.state).toBe('ready');
    expect(board.rowBusy('Lübeck')).toBe(false);
    expect(board.orders.size).toBe(605);
    const lists = api.queries.filter((query) => query.limit !== undefined).map((query) => [query.station, query.cursor ?? null]);
    expect(lists).toEqual([
      [['Aachen'], null],
      [['Aachen'], 'after:o-500'],
      [['Bremen'], null],
      [['Kiel'], null],
      [['Lübeck'], null],
    ]);
  });

  it('reads every station at once when the stations cannot be read', async () => {
    setUp(makeOrders(3).map((order, i) => ({ ...order, station: i === 0 ? 'Kiel' : 'Hamburg' })));
    api.failNext = new ApiError(503);
    board.start();
    await settle();
    expect(board.state).toBe('ready');
    expect(api.queries.filter((query) => query.limit !== undefined).map((query) => query.station)).toEqual([undefined]);
    expect(board.rowStations).toEqual(['Hamburg', 'Kiel']);
  });

  it('shows a pending move in place of the saved position, laying out only the rows it touches', async () => {
    const [order] = makeOrders(1) as [Order];
    setUp([order, { ...order, id: 'o-2', station: 'Aachen' }]);
    board.start();
    await settle();
    // Each row observed on its own, as the page's rows observe them.
    const laid: string[] = [];
    const stops = ['Kiel', 'Aachen'].map((station) => autorun(() => board.rowOf(station) && laid.push(station)));
    laid.length = 0;
    board.setPending({ id: 'o-1', begin: order.begin, end: order.end, station: 'Hamburg' });
    expect(barIds('Kiel')).toEqual([]);
    expect(barIds('Hamburg')).toEqual(['o-1']);
    expect(laid).not.toContain('Aachen');
    board.setPending(null);
    expect(barIds('Kiel')).toEqual(['o-1']);
    stops.forEach((stop) => stop());
  });

  it('keeps a row’s bars in chunks in order of their begin, the same arrays while a bar is moved', async () => {
    const orders = makeOrders(BAR_CHUNK + 2);
    setUp(orders);
    board.start();
    await settle();
    // Observed, as the page's rows observe it.
    const stop = autorun(() => board.barChunks('Kiel'));
    const chunks = board.barChunks('Kiel');
    expect(chunks.map((chunk) => chunk.length)).toEqual([BAR_CHUNK, 2]);
    expect(chunks.flat().map((bar) => bar.order.id)).toEqual(barIds());
    const [order] = orders as [Order];
    board.setPending({ id: order.id, begin: orders[5]!.begin, end: orders[5]!.end, station: 'Kiel' });
    expect(board.barChunks('Kiel')).toBe(chunks);
    expect(board.rowOf('Kiel').bars.map((bar) => bar.order.id)).toContain(order.id);
    board.setPending(null);
    expect(board.barChunks('Kiel')).toBe(chunks);
    stop();
  });
});
