import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { isApiError } from '../model/ApiError';
import type { Order } from '../model/Order';
import type { OrdersApi } from '../ports/OrdersApi';

export type LoadState = 'idle' | 'loading' | 'ready' | 'error';

/** The first page of the tenant's orders, newest first. */
export class OrdersListStore {
  items: Order[] = [];
  total = 0;
  state: LoadState = 'idle';
  /** Translation key of the last failure. */
  errorKey: string | null = null;

  /** Counts loads, so that the answer of a superseded load is ignored. */
  private generation = 0;

  constructor(private readonly api: OrdersApi) {
    makeObservable(this, { items: observableRef, total: observable, state: observable, errorKey: observable, clear: action });
  }

  async load(): Promise<void> {
    const generation = ++this.generation;
    runInAction(() => {
      this.state = 'loading';
      this.errorKey = null;
    });
    try {
      const page = await this.api.list({ sort: '-begin', limit: 100 });
      if (generation !== this.generation) {
        return;
      }
      runInAction(() => {
        this.items = page.items;
        this.total = page.total;
        this.state = 'ready';
      });
    } catch (error) {
      if (generation !== this.generation) {
        return;
      }
      runInAction(() => {
        this.state = 'error';
        this.errorKey = isApiError(error) ? error.messageKey : 'errors.unexpected';
      });
    }
  }

  clear(): void {
    this.generation++;
    this.items = [];
    this.total = 0;
    this.state = 'idle';
    this.errorKey = null;
  }
}
