import { action, makeObservable, observableRef, reaction } from 'mobx';
import type { Disposable } from '../../../shared/Disposable';
import { type KeptNewOrder, newOrderFields } from '../model/KeptNewOrder';
import type { Clock } from '../ports/Clock';
import type { SessionStore } from '../ports/SessionStore';
import type { UnsavedNewOrders } from '../ports/UnsavedNewOrders';
import type { NewOrderStore } from './NewOrderStore';

/**
 * The new order an operator was entering, never lost to a session's end: while the "New order"
 * dialog is open what is typed is kept in the browser for the signed-in user (at every change),
 * removed when the order is created or the operator cancels, and kept when the session ends the
 * dialog; when that user signs in again it is offered back (`offer`) to take up again or to discard.
 * When to offer, withdraw and forget is the session lifecycle's to say.
 */
export class UnsavedNewOrderStore implements Disposable {
  /** The kept new order offered to the signed-in user, or null. */
  offer: KeptNewOrder | null = null;

  private keeping: Disposable | null = null;

  constructor(
    private readonly session: SessionStore,
    private readonly dialog: NewOrderStore,
    private readonly kept: UnsavedNewOrders,
    private readonly clock: Clock,
  ) {
    makeObservable<UnsavedNewOrderStore, 'discardOffer'>(this, {
      offer: observableRef,
      discardOffer: action,
      offerTo: action,
      withdraw: action,
      forget: action,
      resume: action,
      discard: action,
    });
  }

  /** Keeps what is typed into the dialog for the signed-in user from now on. */
  start(): void {
    this.keeping?.dispose();
    const stop = reaction(
      () => ({ userId: this.session.user?.id ?? null, open: this.dialog.isOpen, draft: this.dialog.draft, closedBy: this.dialog.closedBy }),
      ({ userId, open, draft, closedBy }) => {
        if (userId === null) return;
        if (open) {
          const fields = newOrderFields(draft);
          if (Object.keys(fields).length > 0) {
            this.kept.keep(userId, { fields, clonedFrom: this.dialog.clonedNumber, keptAt: this.clock.now() });
            this.discardOffer();
          }
        } else if (closedBy === 'saved' || closedBy === 'cancelled') {
          this.kept.remove(userId);
        }
      },
    );
    this.keeping = { dispose: stop };
  }

  dispose(): void {
    this.keeping?.dispose();
    this.keeping = null;
  }

  /** `userId` signed in: every other user's kept new order is deleted, and this user's offered. */
  offerTo(userId: string): void {
    this.kept.forgetOthers(userId);
    this.offer = this.kept.read(userId);
  }

  /** The session ended: nothing is offered any more (what is kept stays for the user's return). */
  withdraw(): void {
    this.offer = null;
  }

  /** Deletes what is kept for `userId` (a deliberate logout leaves nothing behind). */
  forget(userId: string): void {
    this.kept.remove(userId);
    this.offer = null;
  }

  /** Opens the dialog with the kept new order. */
  resume(): void {
    const offer = this.offer;
    if (!offer) return;
    this.offer = null;
    this.dialog.resume(offer);
  }

  /** Drops the kept new order for good. */
  discard(): void {
    const userId = this.session.user?.id;
    this.offer = null;
    if (userId) this.kept.remove(userId);
  }

  private discardOffer(): void {
    if (this.offer) this.offer = null;
  }
}
