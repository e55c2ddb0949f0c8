import { makeObservable, observable, runInAction } from 'mobx';
import { isApiError } from '../model/ApiError';
import { MAX_RANGE_DAYS } from '../../../shared/instant';
import { listFailureKey } from '../model/listFailureKey';
import type { Notifier } from '../ports/Notifier';
import type { OrdersExport } from '../ports/OrdersExport';
import type { OrdersFilterStore } from './OrdersFilterStore';
import type { OrdersListStore } from './OrdersListStore';

/**
 * The CSV export of the orders list: every order of the list's current filter (not only the loaded
 * pages), one download at a time; a failure is told in a toast (a 401 is the session's to handle).
 * `exporting` is observable.
 */
export class OrdersExportStore {
  /** A download is under way. */
  exporting = false;

  constructor(
    private readonly list: OrdersListStore,
    private readonly filter: OrdersFilterStore,
    private readonly exporter: OrdersExport,
    private readonly notifier: Notifier,
  ) {
    makeObservable(this, { exporting: observable });
  }

  /** Downloads the list's current filter as `orders-<begin>-<end>.csv`; does nothing while one runs. */
  async exportCsv(): Promise<void> {
    if (this.exporting) {
      return;
    }
    runInAction(() => (this.exporting = true));
    try {
      const { begin, end } = this.filter.range;
      await this.exporter.download(this.list.query, `orders-${begin}-${end}.csv`);
    } catch (error) {
      if (!(isApiError(error) && error.kind === 'unauthorized')) {
        this.notifier.show({ title: 'orders.exportFailed', message: listFailureKey(error), values: { days: MAX_RANGE_DAYS }, intent: 'danger' });
      }
    } finally {
      runInAction(() => (this.exporting = false));
    }
  }
}
