import type { OrderPresence, PresenceField, PresentUser } from '../../shared/OrderPresence';
import type { PresenceKey } from './presenceMessages';

/** The session a presence of this process was announced with (other processes' entries have none). */
export interface PresenceSession {
  tokenId: string;
  sessionGeneration: number;
}

interface Entry extends PresenceKey {
  name: string;
  editing: PresenceField | null;
  /** When it was last announced (a counter: the latest announcement wins for a user on several processes). */
  seq: number;
  timer: NodeJS.Timeout;
  session: PresenceSession | undefined;
}

const orderKey = (tenantId: string, orderId: string): string => `${tenantId} ${orderId}`;
const holderKey = (userId: string, process: string): string => `${userId} ${process}`;

/**
 * Who has which order open, in this process's memory only: an entry per (tenant, order, user,
 * backend process), each ending by itself when it is not renewed within its time to live. Every
 * change of who is on an order, or of what one of them edits, is told (`onChange`) with everyone on
 * it now: a user on several processes counts once, with what they announced last.
 */
export class PresenceRegistry {
  private readonly orders = new Map<string, Map<string, Entry>>();
  /** What was told last per order, so that a renewal that changes nothing tells nothing. */
  private readonly told = new Map<string, string>();
  private seq = 0;

  constructor(private readonly onChange: (tenantId: string, presence: OrderPresence) => void) {}

  /** Announces or renews `key` for `ttlMs`. */
  here(key: PresenceKey, name: string, editing: PresenceField | null, ttlMs: number, session?: PresenceSession): void {
    const id = orderKey(key.tenantId, key.orderId);
    let holders = this.orders.get(id);
    if (!holders) {
      holders = new Map();
      this.orders.set(id, holders);
    }
    const holder = holderKey(key.userId, key.process);
    const before = holders.get(holder);
    if (before) clearTimeout(before.timer);
    const timer = setTimeout(() => this.gone(key), ttlMs);
    timer.unref();
    holders.set(holder, { ...key, name, editing, seq: ++this.seq, timer, session: session ?? before?.session });
    this.tell(key.tenantId, key.orderId);
  }

  /** Ends the presence `key` (closed, expired, its session ended), if there is one. */
  gone(key: PresenceKey): void {
    const id = orderKey(key.tenantId, key.orderId);
    const holders = this.orders.get(id);
    const holder = holderKey(key.userId, key.process);
    const entry = holders?.get(holder);
    if (!holders || !entry) return;
    clearTimeout(entry.timer);
    holders.delete(holder);
    if (holders.size === 0) this.orders.delete(id);
    this.tell(key.tenantId, key.orderId);
  }

  /** The entries of `process` that `ended` says are over (their session's token, or a user's older sessions). */
  ofSessions(process: string, ended: (userId: string, session: PresenceSession) => boolean): PresenceKey[] {
    const keys: PresenceKey[] = [];
    for (const holders of this.orders.values()) {
      for (const entry of holders.values()) {
        if (entry.process === process && entry.session && ended(entry.userId, entry.session)) keys.push(this.keyOf(entry));
      }
    }
    return keys;
  }

  /** The entries of `process`. */
  ofProcess(process: string): PresenceKey[] {
    return [...this.orders.values()].flatMap((holders) => [...holders.values()].filter((entry) => entry.process === process).map((entry) => this.keyOf(entry)));
  }

  /** Everyone on each order of `tenantId` that has anyone. */
  ofTenant(tenantId: string): OrderPresence[] {
    const presences: OrderPresence[] = [];
    for (const holders of this.orders.values()) {
      const first = holders.values().next().value;
      if (first?.tenantId === tenantId) presences.push({ orderId: first.orderId, present: this.presentIn(holders) });
    }
    return presences;
  }

  /** Ends every entry without telling (the app closes). */
  clear(): void {
    for (const holders of this.orders.values()) {
      for (const entry of holders.values()) clearTimeout(entry.timer);
    }
    this.orders.clear();
    this.told.clear();
  }

  private keyOf(entry: Entry): PresenceKey {
    return { tenantId: entry.tenantId, orderId: entry.orderId, userId: entry.userId, process: entry.process };
  }

  private presentIn(holders: ReadonlyMap<string, Entry> | undefined): PresentUser[] {
    const latest = new Map<string, Entry>();
    for (const entry of holders?.values() ?? []) {
      const other = latest.get(entry.userId);
      if (!other || other.seq < entry.seq) latest.set(entry.userId, entry);
    }
    return [...latest.values()]
      .map(({ userId, name, editing }) => ({ userId, name, editing }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
  }

  private tell(tenantId: string, orderId: string): void {
    const id = orderKey(tenantId, orderId);
    const presence: OrderPresence = { orderId, present: this.presentIn(this.orders.get(id)) };
    const text = JSON.stringify(presence.present);
    if (this.told.get(id) === text) return;
    if (presence.present.length === 0) this.told.delete(id);
    else this.told.set(id, text);
    this.onChange(tenantId, presence);
  }
}
