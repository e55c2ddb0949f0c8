import { action, makeObservable, observableRef, runInAction } from 'mobx';
import type { Order } from '../../../shared/Order';
import { canTransition, type OrderStatus } from '../../../shared/OrderStatus';
import { isApiError } from '../model/ApiError';
import { isOrder } from '../model/OrderEvent';
import type { Notifier } from '../ports/Notifier';
import type { OrdersApi } from '../ports/OrdersApi';
import type { OrdersListStore } from './OrdersListStore';

/**
 * Status moves made on an order of the list itself (the phone's cards), without opening it. Each
 * move sends the version of the order as the operator saw it (`OrdersApi.update`, `If-Match`), as
 * the order's drawer does: an order changed meanwhile is refused by the backend (412), its current
 * state takes the card's place and a toast says that nothing was moved, so the operator decides
 * again on what is there now. One move at a time per order.
 */
export class OrderStatusMovesStore {
  /** The ids of the orders with a move under way. */
  moving: ReadonlySet<string> = new Set();

  constructor(
    private readonly api: OrdersApi,
    private readonly list: OrdersListStore,
    private readonly notifier: Notifier,
  ) {
    makeObservable<OrderStatusMovesStore, 'mark'>(this, { moving: observableRef, mark: action });
  }

  isMoving(id: string): boolean {
    return this.moving.has(id);
  }

  /** Moves `order`, as seen, to `status`; true when the backend moved it. */
  async move(order: Order, status: OrderStatus): Promise<boolean> {
    if (this.moving.has(order.id) || !canTransition(order.status, status)) {
      return false;
    }
    this.mark(order.id, true);
    try {
      const saved = await this.api.update(order.id, order.version, { status });
      runInAction(() => this.list.replaceOrder(saved));
      this.notifier.show({ message: 'orderDetail.saved', values: { number: saved.number }, intent: 'success' });
      return true;
    } catch (error) {
      this.refused(order, error);
      return false;
    } finally {
      this.mark(order.id, false);
    }
  }

  private refused(order: Order, error: unknown): void {
    if (!isApiError(error)) {
      this.notifier.show({ message: 'errors.unexpected', intent: 'danger' });
      return;
    }
    const current = error.problem?.current;
    if (error.kind === 'precondition-failed' && isOrder(current)) {
      runInAction(() => this.list.replaceOrder(current));
      this.notifier.show({ title: 'orders.cards.conflictTitle', message: 'orders.cards.conflict', values: { number: order.number }, intent: 'warning' });
      return;
    }
    if (error.kind !== 'unauthorized') {
      this.notifier.show({ title: 'orderDetail.saveFailed', message: error.messageKey, intent: 'danger' });
    }
  }

  private mark(id: string, moving: boolean): void {
    const next = new Set(this.moving);
    if (moving) next.add(id);
    else next.delete(id);
    this.moving = next;
  }
}
