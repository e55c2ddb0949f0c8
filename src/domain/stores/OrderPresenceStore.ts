import { action, computed, makeObservable, observable, reaction } from 'mobx';
import type { Disposable } from '../../../shared/Disposable';
import { isPresenceField, type OrderPresence, type PresenceField, type PresentUser } from '../../../shared/OrderPresence';
import type { EventStream, ServerEvent } from '../ports/EventStream';
import type { PresenceApi } from '../ports/PresenceApi';
import type { SessionStore } from '../ports/SessionStore';
import type { Timers } from '../ports/Timers';

/** How often the open order is announced again (the backend forgets it after 15 s without). */
export const PRESENCE_RENEW_MS = 5000;

/** The data of a `presence` event, or null when it is none. */
function presenceOf(event: ServerEvent): OrderPresence | null {
  if (event.type !== 'presence' || typeof event.data !== 'object' || event.data === null) return null;
  const { orderId, present } = event.data as Partial<OrderPresence>;
  if (typeof orderId !== 'string' || !Array.isArray(present)) return null;
  const users = present.filter(
    (user): user is PresentUser => typeof user?.userId === 'string' && typeof user.name === 'string' && (user.editing === null || isPresenceField(user.editing)),
  );
  return { orderId, present: users };
}

/**
 * Who else has the open order, and what they edit. Announces the order the operator has open
 * (`open`): at once, every 5 s while it stays open and at once when the edited field changes
 * (`edit`) or the session's token was renewed; leaves it on `close`, on another order, and when the
 * session ends. Holds everyone's
 * presence from the `presence` events of the live stream (which has no ids: they are states, told
 * again to a stream that connects, so what was held is dropped when the stream is not live).
 */
export class OrderPresenceStore implements Disposable {
  orderId: string | null = null;
  editing: PresenceField | null = null;
  private readonly present = observable.map<string, PresentUser[]>([], { deep: false });
  private renewal: Disposable | undefined;
  /** The request under way: the next waits for it, so that a leave never overtakes an announcement. */
  private inFlight: Promise<void> | undefined;
  private readonly subscriptions: Disposable[] = [];

  constructor(
    private readonly api: PresenceApi,
    events: EventStream,
    private readonly session: SessionStore,
    private readonly timers: Timers,
  ) {
    makeObservable<OrderPresenceStore, 'receive' | 'forget'>(this, {
      orderId: observable,
      editing: observable,
      others: computed,
      open: action,
      edit: action,
      close: action,
      receive: action,
      forget: action,
    });
    this.subscriptions.push(events.onDidReceiveEvent((event) => this.receive(event)));
    const live = reaction(() => events.state === 'live', (isLive) => isLive || this.forget());
    const signedIn = reaction(() => this.session.isSignedIn, (isSignedIn) => isSignedIn || this.close());
    // A renewal revokes the old token, which ends its presences on the backend: told again at once.
    const renewed = reaction(() => this.session.token, (token) => token && this.announce());
    this.subscriptions.push({ dispose: live }, { dispose: signedIn }, { dispose: renewed });
  }

  /** The others on the open order (not the signed-in user), by name. */
  get others(): PresentUser[] {
    if (!this.orderId) return [];
    const own = this.session.user?.id;
    return (this.present.get(this.orderId) ?? []).filter((user) => user.userId !== own);
  }

  /** The operator opened `orderId` (another one open is left). */
  open(orderId: string): void {
    if (this.orderId === orderId) return;
    if (this.orderId) this.close();
    this.orderId = orderId;
    this.editing = null;
    this.announce();
  }

  /** The operator edits `field` now (null: none); told at once when it changed. */
  edit(field: PresenceField | null): void {
    if (!this.orderId || this.editing === field) return;
    this.editing = field;
    this.announce();
  }

  /** The operator closed the order. */
  close(): void {
    const orderId = this.orderId;
    this.renewal?.dispose();
    this.renewal = undefined;
    this.orderId = null;
    this.editing = null;
    if (orderId && this.session.isSignedIn) this.send(() => this.api.leave(orderId));
  }

  dispose(): void {
    this.close();
    for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
  }

  /** Announces now and again every 5 s; a failed announcement waits for the next (it is only a hint). */
  private announce(): void {
    const orderId = this.orderId;
    if (!orderId || !this.session.isSignedIn) return;
    this.renewal?.dispose();
    const editing = this.editing;
    this.send(() => this.api.announce(orderId, editing));
    this.renewal = this.timers.after(PRESENCE_RENEW_MS, () => {
      this.renewal = undefined;
      this.announce();
    });
  }

  /** Sends at once when nothing is under way, else after what is (in order); a failure is only a missed hint. */
  private send(request: () => Promise<void>): void {
    const sent: Promise<void> = (this.inFlight ? this.inFlight.then(request) : request())
      .catch(() => undefined)
      .finally(() => {
        if (this.inFlight === sent) this.inFlight = undefined;
      });
    this.inFlight = sent;
  }

  private receive(event: ServerEvent): void {
    const presence = presenceOf(event);
    if (!presence) return;
    if (presence.present.length === 0) this.present.delete(presence.orderId);
    else this.present.set(presence.orderId, presence.present);
  }

  private forget(): void {
    this.present.clear();
  }
}
