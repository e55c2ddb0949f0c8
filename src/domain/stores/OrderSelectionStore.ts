import { action, computed, makeObservable, observable, observableRef, reaction, runInAction } from 'mobx';
import type { BulkStatusResult } from '../../../shared/BulkStatus';
import type { Disposable } from '../../../shared/Disposable';
import type { Order } from '../../../shared/Order';
import { nextStatuses, ORDER_STATUSES, type OrderStatus } from '../../../shared/OrderStatus';
import { isApiError } from '../model/ApiError';
import type { Notifier } from '../ports/Notifier';
import type { OrdersApi } from '../ports/OrdersApi';
import type { OrdersListStore } from './OrdersListStore';

/** The most orders one bulk move takes (the backend's limit). */
export const MAX_SELECTION = 1000;

/** A selected order as the operator saw it when selecting it: the move names that version. */
export interface SelectedOrder {
  id: string;
  number: string;
  version: number;
  status: OrderStatus;
}

/** An order a bulk move left untouched, and why (the backend's words, in the operator's language). */
export interface RefusedMove {
  id: string;
  number: string;
  message: string;
}

function selectedOf(order: Order): SelectedOrder {
  return { id: order.id, number: order.number, version: order.version, status: order.status };
}

/**
 * The orders selected in the list for one action on all of them: click with Ctrl/Cmd or Shift, Space,
 * or all the filter shows (up to 1 000, the backend's limit for one move). The selection is kept by
 * order id, so it survives scrolling and live updates; a new filter clears it. A move sends each
 * order with the version the operator saw when selecting it: an order changed since, or one whose
 * life cycle does not allow the move, is reported (number and reason) and stays selected; the
 * others move and leave the selection.
 */
export class OrderSelectionStore implements Disposable {
  selected: ReadonlyMap<string, SelectedOrder> = new Map();
  /** The row a Shift-click selects from: the last one clicked or toggled. */
  anchor = -1;
  moving = false;
  /** Reading every order of the filter to select it. */
  selectingAll = false;
  /** What the last move left untouched, until the operator has read it. */
  refused: readonly RefusedMove[] = [];

  private readonly following: () => void;

  constructor(
    private readonly api: OrdersApi,
    private readonly list: OrdersListStore,
    private readonly notifier: Notifier,
  ) {
    makeObservable(this, {
      selected: observableRef,
      anchor: observable,
      moving: observable,
      selectingAll: observable,
      refused: observableRef,
      count: computed,
      targets: computed,
      toggle: action,
      extendTo: action,
      clear: action,
      closeReport: action,
    });
    // Another filter shows other orders: what was selected from the last one goes.
    this.following = reaction(
      () => JSON.stringify(this.list.query),
      () => this.clear(),
    );
  }

  get count(): number {
    return this.selected.size;
  }

  /** The statuses at least one selected order may move to, in the life cycle's order. */
  get targets(): OrderStatus[] {
    const possible = new Set<OrderStatus>();
    for (const order of this.selected.values()) for (const next of nextStatuses(order.status)) possible.add(next);
    return ORDER_STATUSES.filter((status) => possible.has(status));
  }

  has(id: string): boolean {
    return this.selected.has(id);
  }

  /** Selects the row's order, or unselects it (Ctrl/Cmd-click, Space); it becomes the anchor. */
  toggle(index: number): void {
    const order = this.list.rowAt(index);
    if (!order) return;
    const next = new Map(this.selected);
    if (next.has(order.id)) next.delete(order.id);
    else if (next.size < MAX_SELECTION) next.set(order.id, selectedOf(order));
    else this.notifier.show({ message: 'selection.tooMany', values: { max: MAX_SELECTION }, intent: 'warning' });
    this.selected = next;
    this.anchor = index;
  }

  /** Selects the rows from the anchor to `index` (Shift-click), as far as they are loaded. */
  extendTo(index: number): void {
    if (this.anchor < 0) {
      this.toggle(index);
      return;
    }
    const next = new Map(this.selected);
    const [from, to] = this.anchor <= index ? [this.anchor, index] : [index, this.anchor];
    for (let row = from; row <= to && next.size < MAX_SELECTION; row++) {
      const order = this.list.rowAt(row);
      if (order) next.set(order.id, selectedOf(order));
    }
    this.selected = next;
  }

  /** Selects every order the filter shows, read page by page; refused beyond what one move takes. */
  async selectAll(): Promise<void> {
    if (this.selectingAll) return;
    if (this.list.total > MAX_SELECTION) {
      this.notifier.show({ message: 'selection.tooMany', values: { max: MAX_SELECTION }, intent: 'warning' });
      return;
    }
    const query = this.list.query;
    runInAction(() => (this.selectingAll = true));
    try {
      const next = new Map<string, SelectedOrder>();
      let cursor: string | undefined;
      do {
        const page = await this.api.list({ ...query, limit: 500, ...(cursor ? { cursor } : {}) });
        for (const order of page.items) next.set(order.id, selectedOf(order));
        cursor = page.nextCursor ?? undefined;
      } while (cursor && next.size < MAX_SELECTION);
      if (JSON.stringify(this.list.query) === JSON.stringify(query)) runInAction(() => (this.selected = next));
    } catch (error) {
      this.notifier.show({ title: 'selection.selectAllFailed', message: isApiError(error) ? error.messageKey : 'errors.unexpected', intent: 'danger' });
    } finally {
      runInAction(() => (this.selectingAll = false));
    }
  }

  clear(): void {
    if (this.selected.size > 0) this.selected = new Map();
    this.anchor = -1;
  }

  closeReport(): void {
    this.refused = [];
  }

  /** Moves the selected orders to `status` in one request; reports those it left untouched. */
  async move(status: OrderStatus): Promise<void> {
    if (this.moving || this.selected.size === 0) return;
    const orders = [...this.selected.values()];
    runInAction(() => (this.moving = true));
    try {
      const answer = await this.api.bulkStatus(
        status,
        orders.map(({ id, version }) => ({ id, version })),
      );
      const numbers = new Map(orders.map((order) => [order.id, order.number]));
      runInAction(() => this.settle(answer.results, numbers));
      const moved = answer.results.filter((result) => result.outcome !== 'refused').length;
      this.notifier.show({ message: `selection.movedTo.${status}`, values: { count: moved }, intent: moved > 0 ? 'success' : 'warning' });
    } catch (error) {
      this.notifier.show({ title: 'selection.moveFailed', message: isApiError(error) ? error.messageKey : 'errors.unexpected', intent: 'danger' });
    } finally {
      runInAction(() => (this.moving = false));
    }
  }

  dispose(): void {
    this.following();
  }

  /** The moved orders leave the selection; the refused stay, at the version they have now, and are reported. */
  private settle(results: readonly BulkStatusResult[], numbers: ReadonlyMap<string, string>): void {
    const next = new Map(this.selected);
    const refused: RefusedMove[] = [];
    for (const result of results) {
      if (result.outcome === 'refused') {
        refused.push({ id: result.id, number: result.order?.number ?? numbers.get(result.id) ?? result.id, message: result.message ?? '' });
        if (result.order) next.set(result.id, selectedOf(result.order));
        else next.delete(result.id);
      } else {
        next.delete(result.id);
      }
    }
    this.selected = next;
    this.refused = refused;
  }
}
