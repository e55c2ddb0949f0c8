import { ApiError } from '../../../src/domain/model/ApiError';
import { OrdersFilterStore } from '../../../src/domain/stores/OrdersFilterStore';
import { OrdersListStore, PAGE_SIZE } from '../../../src/domain/stores/OrdersListStore';
import type { OrdersExport } from '../../../src/domain/ports/OrdersExport';
import type { OrderQuery } from '../../../src/domain/model/Order';
import { MobxStatePersistence, STATE_KEY } from '../../../src/infrastructure/persistence/MobxStatePersistence';
import { SlicedStorage } from '../../../src/infrastructure/persistence/SlicedStorage';
import { FakeOrdersApi, makeOrders } from '../support/FakeOrdersApi';
import { FakeClock, FakeNotifier } from '../support/fakes';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

class RecordingExport implements OrdersExport {
  readonly downloads: { query: OrderQuery; fileName: string }[] = [];
  failure: Error | null = null;
  async download(query: OrderQuery, fileName: string): Promise<void> {
    this.downloads.push({ query, fileName });
    if (this.failure) {
      throw this.failure;
    }
  }
}

describe('OrdersListStore', () => {
  let api: FakeOrdersApi;
  let filter: OrdersFilterStore;
  let list: OrdersListStore;
  let exporter: RecordingExport;
  let notifier: FakeNotifier;

  beforeEach(async () => {
    localStorage.clear();
    api = new FakeOrdersApi(makeOrders(1050));
    filter = new OrdersFilterStore(new FakeClock(new Date(2026, 10, 21, 10).getTime()), new MobxStatePersistence(new SlicedStorage(localStorage, STATE_KEY)));
    exporter = new RecordingExport();
    notifier = new FakeNotifier();
    list = new OrdersListStore(api, filter, exporter, notifier);
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
    expect(api.queries).toEqual([query, { ...query, cursor: String(PAGE_SIZE) }]);
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
    expect(api.queries.map((query) => query.cursor ?? null)).toEqual([null, ...Array.from({ length: 10 }, (_, i) => String((i + 1) * PAGE_SIZE))]);

    // Scrolling back fetches a dropped page again with the cursor it had.
    const before = api.queries.length;
    list.showRows(0, 20);
    await settle();
    expect(list.rowAt(0)?.number).toBe('AN-2026-000001');
    expect(api.queries.slice(before).map((query) => query.cursor ?? null)).toEqual([null, String(PAGE_SIZE)]);
  });

  it('starts over when the query changes and ignores answers of the old one', async () => {
    api.hold();
    list.showRows(100, 120);
    list.setCriteria({ status: ['confirmed'], q: ' Kiel ', sort: { key: 'price', descending: true } });
    api.orders = api.orders.map((order, i) => (i < 3 ? { ...order, status: 'confirmed' } : order));
    api.release();
    await settle();
    await settle();
    expect(api.queries.at(-1)).toMatchObject({ status: ['confirmed'], q: 'Kiel', sort: '-price' });
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

  it('exports the whole filter once at a time and reports a failure', async () => {
    const running = list.exportCsv();
    void list.exportCsv();
    await running;
    expect(exporter.downloads).toEqual([{ query: list.query, fileName: 'orders-2026-11-16-2026-11-22.csv' }]);
    exporter.failure = new ApiError(0, undefined, 'network');
    await list.exportCsv();
    expect(notifier.toasts).toEqual([expect.objectContaining({ title: 'orders.exportFailed', message: 'errors.network' })]);
  });
});
