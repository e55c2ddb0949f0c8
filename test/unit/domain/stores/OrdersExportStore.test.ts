import { ApiError } from '../../../../src/domain/model/ApiError';
import type { OrderQuery } from '../../../../shared/Order';
import type { OrdersExport } from '../../../../src/domain/ports/OrdersExport';
import { NO_ORDER_CRITERIA } from '../../../../src/domain/model/orderQuery';
import { OrdersExportStore } from '../../../../src/domain/stores/OrdersExportStore';
import { OrdersFilterStore } from '../../../../src/domain/stores/OrdersFilterStore';
import { OrdersListStore } from '../../../../src/domain/stores/OrdersListStore';
import { MobxStatePersistence, STATE_KEY } from '../../../../src/infrastructure/persistence/MobxStatePersistence';
import { SlicedStorage } from '../../../../src/infrastructure/persistence/SlicedStorage';
import { FakeOrdersApi, makeOrders } from '../../support/FakeOrdersApi';
import { FakeClock, FakeNotifier } from '../../support/fakes';

class RecordingExport implements OrdersExport {
  readonly downloads: { query: OrderQuery; fileName: string }[] = [];
  readonly selections: { ids: readonly string[]; sort: string; fileName: string }[] = [];
  failure: Error | null = null;
  async download(query: OrderQuery, fileName: string): Promise<void> {
    this.downloads.push({ query, fileName });
    if (this.failure) {
      throw this.failure;
    }
  }
  async downloadSelection(ids: readonly string[], sort: string, fileName: string): Promise<void> {
    this.selections.push({ ids, sort, fileName });
    if (this.failure) {
      throw this.failure;
    }
  }
}

describe('OrdersExportStore', () => {
  let list: OrdersListStore;
  let exporter: RecordingExport;
  let notifier: FakeNotifier;
  let exports: OrdersExportStore;

  beforeEach(async () => {
    localStorage.clear();
    const filter = new OrdersFilterStore(new FakeClock(new Date(2026, 10, 21, 10).getTime()), new MobxStatePersistence(new SlicedStorage(localStorage, STATE_KEY)));
    await filter.restore();
    list = new OrdersListStore(new FakeOrdersApi(makeOrders(20)), filter);
    list.setCriteria({ ...NO_ORDER_CRITERIA, status: ['confirmed'], q: 'kiel', sort: { key: 'price', descending: true } });
    exporter = new RecordingExport();
    notifier = new FakeNotifier();
    exports = new OrdersExportStore(list, filter, exporter, notifier);
  });

  it('downloads the list\'s whole filter, once at a time, named after its days', async () => {
    const running = exports.exportCsv();
    expect(exports.exporting).toBe(true);
    void exports.exportCsv();
    await running;
    expect(exports.exporting).toBe(false);
    expect(exporter.downloads).toEqual([{ query: list.query, fileName: 'orders-2026-11-16-2026-11-22.csv' }]);
    expect(exporter.downloads[0]?.query).toMatchObject({ status: ['confirmed'], q: 'kiel', sort: '-price' });
  });

  it('downloads the orders selected in the list\'s sort, not while another download runs', async () => {
    const running = exports.exportSelection(['a', 'b']);
    void exports.exportCsv();
    void exports.exportSelection(['c']);
    await running;
    expect(exporter.downloads).toEqual([]);
    expect(exporter.selections).toEqual([{ ids: ['a', 'b'], sort: '-price', fileName: 'orders-2026-11-16-2026-11-22-selection.csv' }]);
    exporter.failure = new ApiError(0, undefined, 'network');
    await exports.exportSelection(['a']);
    expect(notifier.toasts).toEqual([expect.objectContaining({ title: 'orders.exportFailed', message: 'errors.network', intent: 'danger' })]);
  });

  it('tells a failure in a toast, a refused range in the words for it, and leaves a 401 to the session', async () => {
    exporter.failure = new ApiError(0, undefined, 'network');
    await exports.exportCsv();
    exporter.failure = new ApiError(400, { type: 'urn:order-cockpit:problem:validation', title: 'Invalid request', status: 400, errors: [{ field: 'end', message: 'too long' }] });
    await exports.exportCsv();
    exporter.failure = new ApiError(401, { type: 'about:blank', title: 'Unauthorized', status: 401 });
    await exports.exportCsv();
    expect(notifier.toasts).toEqual([
      expect.objectContaining({ title: 'orders.exportFailed', message: 'errors.network', intent: 'danger' }),
      expect.objectContaining({ title: 'orders.exportFailed', message: 'orders.rangeRefused', values: { days: 366 } }),
    ]);
    expect(exports.exporting).toBe(false);
  });
});
