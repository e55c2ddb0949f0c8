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
 * pages), or the orders selected, one download at a time; a failure is told in a toast (a 401 is the session's to handle).
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
  exportCsv(): Promise<void> {
    const { begin, end } = this.filter.range;
    return this.run(() => this.exporter.download(this.list.query, `orders-${begin}-${end}.csv`));
  }

  /**
   * Downloads the orders `ids` (a selection, up to 1 000) in the list's sort as
   * `orders-<begin>-<end>-selection.csv`; does nothing while a download runs.
   */
  exportSelection(ids: readonly string[]): Promise<void> {
    const { begin, end } = this.filter.range;
    return this.run(() => this.exporter.downloadSelection(ids, this.list.query.sort ?? '', `orders-${begin}-${end}-selection.csv`));
  }

  private async run(download: () => Promise<void>): Promise<void> {
    if (this.exporting) {
      return;
    }
    runInAction(() => (this.exporting = true));
    try {
      await download();
    } catch (error) {
      if (!(isApiError(error) && error.kind === 'unauthorized')) {
        this.notifier.show({ title: 'orders.exportFailed', message: listFailureKey(error), values: { days: MAX_RANGE_DAYS }, intent: 'danger' });
      }
    } finally {
      runInAction(() => (this.exporting = false));
    }
  }
}
