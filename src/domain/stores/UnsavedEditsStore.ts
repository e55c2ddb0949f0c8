import { action, makeObservable, observable, observableRef, reaction, runInAction, when } from 'mobx';
import type { Disposable } from '../../../shared/Disposable';
import type { UnsavedEdit } from '../model/UnsavedEdit';
import type { Clock } from '../ports/Clock';
import type { Navigator } from '../ports/Navigator';
import type { Notifier } from '../ports/Notifier';
import type { SessionStore } from '../ports/SessionStore';
import type { UnsavedEdits } from '../ports/UnsavedEdits';
import type { OrderDetailStore } from './OrderDetailStore';

/**
 * The operator's unsaved edits, never lost to a session's end: while an order is edited its changed
 * fields are kept in the browser for the signed-in user (at every change; removed when the edit is
 * saved, discarded, or edited back), and when that user signs in again they are offered back
 * (`offers`), to restore over the order as it is now or to discard. When to offer, to withdraw and to
 * forget is the session lifecycle's to say.
 */
export class UnsavedEditsStore implements Disposable {
  /** The kept edits offered to the signed-in user, newest first. */
  offers: UnsavedEdit[] = [];
  /** The order whose offered edit is being restored (its order is loading). */
  restoring: string | null = null;

  private keeping: Disposable | null = null;

  constructor(
    private readonly session: SessionStore,
    private readonly detail: OrderDetailStore,
    private readonly edits: UnsavedEdits,
    private readonly clock: Clock,
    private readonly navigator: Navigator,
    private readonly notifier: Notifier,
  ) {
    makeObservable<UnsavedEditsStore, 'drop'>(this, {
      offers: observableRef,
      restoring: observable,
      offerTo: action,
      withdraw: action,
      forget: action,
      discard: action,
      drop: action,
    });
  }

  /** Keeps the open order's edits for the signed-in user from now on, at every change. */
  start(): void {
    this.keeping?.dispose();
    const stop = reaction(
      () => ({ userId: this.session.user?.id ?? null, order: this.detail.order, change: this.detail.change, conflict: this.detail.conflict }),
      ({ userId, order, change, conflict }) => {
        // Signed out, nothing open, or a conflict being decided (what is kept still names the version it was made on).
        if (userId === null || order === null || conflict !== null) {
          return;
        }
        const { status: _status, ...fields } = change;
        if (Object.keys(fields).length > 0) {
          this.edits.keep(userId, { orderId: order.id, orderNumber: order.number, baseVersion: order.version, fields, keptAt: this.clock.now() });
          // Edited anew: this edit replaced the one offered for the order.
          this.drop(order.id);
        } else if (this.restoring !== order.id && !this.offers.some((offer) => offer.orderId === order.id)) {
          this.edits.remove(userId, order.id);
        }
      },
    );
    this.keeping = { dispose: stop };
  }

  dispose(): void {
    this.keeping?.dispose();
    this.keeping = null;
  }

  /** `userId` signed in: every other user's edits are deleted from this browser, and this user's offered back. */
  offerTo(userId: string): void {
    this.edits.forgetOthers(userId);
    this.offers = this.edits.read(userId);
  }

  /** The session ended: nothing is offered any more (the kept edits stay for the user's return). */
  withdraw(): void {
    this.offers = [];
  }

  /** Deletes every edit kept for `userId` (a deliberate logout leaves nothing behind). */
  forget(userId: string): void {
    this.edits.forget(userId);
    this.offers = [];
  }

  /** Drops an offered edit for good. */
  discard(offer: UnsavedEdit): void {
    const userId = this.session.user?.id;
    this.drop(offer.orderId);
    if (userId) {
      this.edits.remove(userId, offer.orderId);
    }
  }

  /**
   * Opens the offered edit's order as it is now with the edit over it (a conflict when the order
   * changed since the edit was made). An order that no longer exists is said so, and its edit dropped.
   */
  async restore(offer: UnsavedEdit): Promise<void> {
    const userId = this.session.user?.id;
    if (!userId || this.restoring !== null) {
      return;
    }
    runInAction(() => (this.restoring = offer.orderId));
    try {
      const list = this.navigator.currentPath.match(/^\/orders(?:\/[^?]*)?(\?.*)?$/);
      this.navigator.navigate(`/orders/${encodeURIComponent(offer.orderId)}${list?.[1] ?? ''}`);
      void this.detail.open(offer.orderId);
      await when(() => this.detail.state !== 'loading');
      if (this.session.user?.id !== userId) {
        return;
      }
      if (this.detail.order?.id === offer.orderId) {
        runInAction(() => {
          this.drop(offer.orderId);
          this.detail.applyKeptEdit(offer.fields, offer.baseVersion);
        });
      } else if (this.detail.state === 'not-found') {
        this.discard(offer);
        this.notifier.show({ message: 'unsavedEdits.orderGone', values: { number: offer.orderNumber }, intent: 'warning' });
      }
      // Otherwise not loaded (the network, the backend): still offered, to try once more.
    } finally {
      runInAction(() => (this.restoring = null));
    }
  }

  private drop(orderId: string): void {
    if (this.offers.some((offer) => offer.orderId === orderId)) {
      this.offers = this.offers.filter((offer) => offer.orderId !== orderId);
    }
  }
}
