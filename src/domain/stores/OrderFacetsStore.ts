import { makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { OrderFacets } from '../../../shared/OrderFacets';
import type { OrdersApi } from '../ports/OrdersApi';

export type FacetsState = 'idle' | 'loading' | 'ready' | 'error';

/**
 * The stations and services the tenant's orders name, offered by the list's filters. Read when a
 * filter opens (so a station added since shows up); what was read before stays on offer meanwhile.
 */
export class OrderFacetsStore {
  facets: OrderFacets = { stations: [], services: [] };
  state: FacetsState = 'idle';

  private reading: Promise<void> | null = null;

  constructor(private readonly api: OrdersApi) {
    makeObservable(this, { facets: observableRef, state: observable });
  }

  /** Reads the values again; a read under way is joined. */
  load(): Promise<void> {
    this.reading ??= this.read().finally(() => (this.reading = null));
    return this.reading;
  }

  private async read(): Promise<void> {
    runInAction(() => (this.state = this.state === 'ready' ? 'ready' : 'loading'));
    try {
      const facets = await this.api.facets();
      runInAction(() => {
        this.facets = facets;
        this.state = 'ready';
      });
    } catch {
      // A 401 is the session's to handle; the filter says the values could not be read.
      runInAction(() => (this.state = this.state === 'ready' ? 'ready' : 'error'));
    }
  }
}
