import { ApiError } from '../../../../src/domain/model/ApiError';
import { NO_ORDER_CRITERIA } from '../../../../src/domain/model/orderQuery';
import { OrdersFilterStore } from '../../../../src/domain/stores/OrdersFilterStore';
import { OrdersListStore } from '../../../../src/domain/stores/OrdersListStore';
import { OrdersPrintStore } from '../../../../src/domain/stores/OrdersPrintStore';
import { MobxStatePersistence, STATE_KEY } from '../../../../src/infrastructure/persistence/MobxStatePersistence';
import { SlicedStorage } from '../../../../src/infrastructure/persistence/SlicedStorage';
import { FakeOrdersApi, makeOrders } from '../../support/FakeOrdersApi';
import { FakePrintDialog } from '../../support/FakePrintDialog';
import { FakeClock, FakeNotifier } from '../../support/fakes';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('OrdersPrintStore', () => {
  let api: FakeOrdersApi;
  let list: OrdersListStore;
  let dialog: FakePrintDialog;
  let notifier: FakeNotifier;
  let print: OrdersPrintStore;

  async function setUp(count: number): Promise<void> {
    localStorage.clear();
    const filter = new OrdersFilterStore(new FakeClock(new Date(2026, 10, 21, 10).getTime()), new MobxStatePersistence(new SlicedStorage(localStorage, STATE_KEY)));
    await filter.restore();
    api = new FakeOrdersApi(makeOrders(count));
    list = new OrdersListStore(api, filter);
    dialog = new FakePrintDialog();
    notifier = new FakeNotifier();
    print = new OrdersPrintStore(api, list, dialog, notifier);
    list.start();
    await list.load();
  }

  afterEach(() => {
    print.dispose();
    list.dispose();
  });

  it('Print reads every order of the filter in pages of 500, then asks for the dialog once the view has them on the page', async () => {
    await setUp(700);
    list.setCriteria({ ...NO_ORDER_CRITERIA, sort: { key: 'number', descending: true } });
    await list.load();
    api.queries.length = 0;
    const printing = print.print();
    expect(print.state).toBe('loading');
    await printing;
    expect(api.queries.map(({ limit, cursor }) => ({ limit, cursor: cursor !== undefined }))).toEqual([
      { limit: 500, cursor: false },
      { limit: 500, cursor: true },
    ]);
    expect(api.queries[0]).toMatchObject({ sort: '-number', begin: list.query.begin });
    expect(print.state).toBe('ready');
    expect(print.printed.orders.map(({ number }) => number).slice(0, 2)).toEqual(['AN-2026-000700', 'AN-2026-000699']);
    expect(print.printed.coverage).toEqual({ kind: 'all', count: 700 });
    expect(print.printPending).toBe(true);
    expect(dialog.opened).toBe(0);
    print.printRendered();
    print.printRendered();
    expect(dialog.opened).toBe(1);
    expect(print.printPending).toBe(false);
  });

  it('reads at most the cap: the first 1 000 of a larger filter, in two requests', async () => {
    await setUp(1500);
    api.queries.length = 0;
    await print.print();
    expect(api.queries.map(({ limit }) => limit)).toEqual([500, 500]);
    expect(print.printed.orders).toHaveLength(1000);
    expect(print.printed.coverage).toEqual({ kind: 'capped', count: 1000, total: 1500 });
  });

  it('tells its progress while it reads, and reads nothing twice while a read runs', async () => {
    await setUp(1500);
    api.queries.length = 0;
    api.hold();
    const printing = print.print();
    void print.print();
    expect(print.loaded).toBe(0);
    expect(print.target).toBe(1000);
    // The first page comes; the second is held.
    api.release();
    api.hold();
    await settle();
    expect(print.loaded).toBe(500);
    expect(print.state).toBe('loading');
    // Ctrl+P now prints the half read, and says it is incomplete.
    expect(print.printed.coverage).toEqual({ kind: 'partial', count: 500, total: 1500 });
    api.release();
    await printing;
    expect(api.queries).toHaveLength(2);
    expect(print.loaded).toBe(1000);
  });

  it('without the button (Ctrl+P), prints the orders the grid holds, partial when the filter has more', async () => {
    await setUp(250);
    list.showRows(0, 10);
    await settle();
    const held = print.printed;
    expect(held.orders).toHaveLength(200);
    expect(held.coverage).toEqual({ kind: 'partial', count: 200, total: 250 });
    expect(api.queries.every(({ limit }) => limit !== 500)).toBe(true);
  });

  it('a small filter the grid holds whole prints whole with Ctrl+P', async () => {
    await setUp(40);
    expect(print.printed.coverage).toEqual({ kind: 'all', count: 40 });
    expect(print.printed.orders[0]?.number).toBe('AN-2026-000001');
  });

  it('a new filter drops what was read, and a read under way: its answers are not taken', async () => {
    await setUp(700);
    api.hold();
    const printing = print.print();
    list.setCriteria({ ...NO_ORDER_CRITERIA, q: 'Kunde 7' });
    expect(print.state).toBe('idle');
    api.release();
    await printing;
    expect(print.state).toBe('idle');
    expect(print.printPending).toBe(false);
    expect(print.orders).toEqual([]);
  });

  it('the end of a print lets the orders go: the next Ctrl+P prints the grid\'s', async () => {
    await setUp(700);
    await print.print();
    print.printRendered();
    print.release();
    expect(print.printed.coverage.kind).toBe('partial');
  });

  it('a failed read is told in a toast and opens no dialog; a 401 is the session\'s', async () => {
    await setUp(50);
    api.failNext = new ApiError(503, undefined);
    await print.print();
    expect(print.state).toBe('error');
    expect(print.printPending).toBe(false);
    // Ctrl+P after a failed read prints the grid's orders.
    expect(print.printed.orders).toHaveLength(50);
    expect(notifier.toasts).toEqual([expect.objectContaining({ title: 'print.loadFailed', intent: 'danger' })]);
    api.failNext = new ApiError(401, undefined);
    await print.print();
    expect(notifier.toasts).toHaveLength(1);
    await print.print();
    expect(print.state).toBe('ready');
  });
});
