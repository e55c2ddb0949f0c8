import { action, computed, makeObservable, observableRef } from 'mobx';
import type { OtherOrder } from '../model/DoubleBooking';

/**
 * The question a write refused as a double booking leaves for the operator: the other order, and
 * the same write sent again confirming it on purpose (`confirmDoubleBooking: true`). Confirmed, the
 * write goes out once; cancelled, nothing is sent and the operator's edit stays as it was.
 */
export class DoubleBookingQuestion<T = unknown> {
  /** The order that has the vehicle at that time already; null while nothing is asked. */
  other: OtherOrder | null = null;

  private resend: (() => Promise<T>) | null = null;

  constructor() {
    makeObservable<DoubleBookingQuestion<T>, 'clear'>(this, { other: observableRef, isAsking: computed, ask: action, cancel: action, clear: action });
  }

  get isAsking(): boolean {
    return this.other !== null;
  }

  /** Asks about `other`; `resend` sends the refused write again, confirmed. */
  ask(other: OtherOrder, resend: () => Promise<T>): void {
    this.other = other;
    this.resend = resend;
  }

  /** Sends the write again confirming the double booking; resolves with its outcome (undefined when nothing was asked). */
  async confirm(): Promise<T | undefined> {
    const resend = this.resend;
    this.clear();
    return resend ? resend() : undefined;
  }

  /** Not sent: the question goes, the edit stays. */
  cancel(): void {
    this.clear();
  }

  private clear(): void {
    this.other = null;
    this.resend = null;
  }
}
