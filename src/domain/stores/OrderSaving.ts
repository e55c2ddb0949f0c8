import { makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { Order } from '../../../shared/Order';
import type { OrderPatch, OrderPatchBody } from '../../../shared/OrderPatch';
import { isApiError, type ApiError } from '../model/ApiError';
import { doubleBookingOf } from '../model/DoubleBooking';
import { isOrder } from '../model/OrderEvent';
import type { Notifier } from '../ports/Notifier';
import type { OrdersApi } from '../ports/OrdersApi';
import { DoubleBookingQuestion } from './DoubleBookingQuestion';

/** Someone else changed the order first: their order as it is now, and the change the operator sent. */
export interface OrderConflict {
  theirs: Order;
  yours: OrderPatch;
}

/**
 * The saves of the order open beside the list (`OrderDetailStore`): one at a time, each naming the
 * version the operator saw (`If-Match`), and what a refused one leaves: the field errors, or the
 * conflict with the newer version on the server, never overwritten, or the question whether to book
 * the vehicle twice (sent again confirmed, at the same version, only when the operator says so). The
 * operator is told of a save and of any other failure.
 */
export class OrderSaving {
  saving = false;
  /** Field errors of the last refused save (422), by field. */
  fieldErrors: Record<string, string> = {};
  conflict: OrderConflict | null = null;
  /** A save refused as a double booking, to send again confirmed or to drop. */
  readonly doubleBooking = new DoubleBookingQuestion<boolean>();

  constructor(
    private readonly api: OrdersApi,
    private readonly notifier: Notifier,
  ) {
    makeObservable(this, { saving: observable, fieldErrors: observableRef, conflict: observableRef });
  }

  /**
   * Sends `change` of `order` at the version it has, unless a save runs already. `saved` takes the
   * saved order in before the operator is told. Answers whether it was saved.
   */
  async send(order: Order, change: OrderPatchBody, saved: (order: Order) => void): Promise<boolean> {
    if (this.saving) {
      return false;
    }
    runInAction(() => {
      this.saving = true;
      this.fieldErrors = {};
    });
    try {
      const answer = await this.api.update(order.id, order.version, change);
      runInAction(() => saved(answer));
      this.notifier.show({ message: 'orderDetail.saved', values: { number: answer.number }, intent: 'success' });
      return true;
    } catch (error) {
      runInAction(() => this.handleFailure(error, order, change, saved));
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  /** Forgets the field errors and the conflict (an order opened, closed, or its edits put anew). */
  clear(): void {
    this.fieldErrors = {};
    this.conflict = null;
    this.doubleBooking.cancel();
  }

  /** The operator edited `field`: its error is no longer shown. */
  clearFieldError(field: string): void {
    const { [field]: _cleared, ...rest } = this.fieldErrors;
    this.fieldErrors = rest;
  }

  private handleFailure(error: unknown, order: Order, change: OrderPatchBody, saved: (order: Order) => void): void {
    if (!isApiError(error)) {
      this.notifier.show({ message: 'errors.unexpected', intent: 'danger' });
      return;
    }
    const current = (error as ApiError).problem?.current;
    const { confirmDoubleBooking: _confirmed, ...yours } = change;
    if (error.kind === 'precondition-failed' && isOrder(current)) {
      this.conflict = { theirs: current, yours };
      return;
    }
    const other = doubleBookingOf(error);
    if (other) {
      this.doubleBooking.ask(other, () => this.send(order, { ...yours, confirmDoubleBooking: true }, saved));
      return;
    }
    if (error.kind === 'validation' && error.fieldErrors.length > 0) {
      this.fieldErrors = Object.fromEntries(error.fieldErrors.map((fieldError) => [fieldError.field, fieldError.message]));
      return;
    }
    if (error.kind !== 'unauthorized') {
      this.notifier.show({ title: 'orderDetail.saveFailed', message: error.messageKey, intent: 'danger' });
    }
  }
}
