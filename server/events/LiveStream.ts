import type { ServerResponse } from 'node:http';
import type { Disposable } from '../../shared/Disposable';
import type { StoredEvent } from './EventHub';
import type { EventPosition } from './EventLog';
import type { EventSource } from './EventReplay';
import { runOf } from './eventRunBytes';
import { flushSoon } from './liveFlushes';
import type { StreamEnd } from './OpenStreams';
import { eventBlock, PING_BLOCK, retryBlock } from './serverSentEvents';
import { startingPoint } from './startingPoint';

export { FLUSH_INTERVAL_MS } from './liveFlushes';

/** How long a client waits before reconnecting (the stream's first line). */
const RETRY_MS = 3000;
/** Events read from the table per query while catching up. */
const REPLAY_BATCH = 500;
/**
 * Live events held while the stream is busy (catching up, or waiting for a slow client). More are
 * not held: the stream reads them from the table when it gets to them.
 */
const MAX_PENDING = 1000;
/** The longest delay `setTimeout` takes; later expiries are re-armed. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Events without an id held until the stream starts; more are dropped (each is a state, a newer one follows). */
const MAX_UNNUMBERED_HELD = 1000;

export type LiveStreamEnd = StreamEnd | 'client' | 'stalled' | 'error';

export interface LiveStreamOptions {
  tenantId: string;
  /** Where missed events are read: the table, through what this process keeps of it (EventReplay.ts). */
  replay: EventSource;
  raw: ServerResponse;
  clock: () => Date;
  /** When the token of the stream expires: the stream ends then. */
  expiresAt: Date;
  pingIntervalMs: number;
  /** A client that reads nothing for this long while data waits for it is cut off. */
  stallTimeoutMs: number;
  /** Released when the stream ends (hub subscription, registry entry). */
  resources: Disposable;
  onError: (error: unknown) => void;
}

/**
 * One open `GET /api/events` of one tenant. Events reach it live from the hub (`receive`) and are
 * written in id order without gaps or repeats: an event whose predecessors it has not sent yet (a
 * replay after `Last-Event-ID`, live events that arrived while it was reading, events another
 * process announced) makes it read the missing ones from the table first. Only whole blocks are
 * written, and the live events that arrived within `FLUSH_INTERVAL_MS` go out together in one `write()`
 * (made once for every stream of the tenant at the same position): a client never holds half an event,
 * and a stream costs one write per flush however many events it brings. A client that stops reading holds at most one batch in memory and is cut off
 * after `stallTimeoutMs`; it resumes with `Last-Event-ID`.
 */
export class LiveStream {
  private readonly pending = new Map<number, StoredEvent>();
  /** Events without an id that came before the stream started. */
  private readonly unnumbered: string[] = [];
  /** The last id written to the client. */
  private lastSent = 0;
  /** The highest id known to be committed. */
  private target = 0;
  private started = false;
  private pumping = false;
  private pingTimer: NodeJS.Timeout | undefined;
  private expiryTimer: NodeJS.Timeout | undefined;
  private ended: LiveStreamEnd | undefined;

  constructor(private readonly options: LiveStreamOptions) {
    options.raw.on('close', () => this.close('client'));
    // A failing connection ends the stream like a client that went away (unhandled, it would end the process).
    options.raw.on('error', () => this.close('client'));
  }

  /** Why the stream ended, or undefined while it is open. */
  get endReason(): LiveStreamEnd | undefined {
    return this.ended;
  }

  /**
   * A committed event of the stream's tenant. Held until the stream started; written at the next
   * flush (see `FLUSH_INTERVAL_MS`) with the others that arrived by then.
   */
  receive(event: StoredEvent): void {
    if (this.ended || event.id <= this.lastSent) {
      return;
    }
    if (event.id > this.target) this.target = event.id;
    if (this.pending.size < MAX_PENDING) {
      this.pending.set(event.id, event);
    }
    if (this.started && !this.pumping) flushSoon(this);
  }

  /**
   * An event without an id (`presence`, serverSentEvents.ts `unnumberedBlock`): written at once,
   * between whole blocks, never replayed; held until the stream started.
   */
  sendUnnumbered(block: string): void {
    if (this.ended) return;
    if (!this.started) {
      if (this.unnumbered.length < MAX_UNNUMBERED_HELD) this.unnumbered.push(block);
      return;
    }
    this.options.raw.write(block);
  }

  /**
   * Writes the live events that follow what was sent, in one `write()` (the bytes shared with the
   * other streams of the tenant that write the same events). A gap (events to read from the table), a
   * client that has not read what it got, or a pump under way leave it to the pump.
   */
  flush(): void {
    if (!this.started || this.ended || this.pumping || this.lastSent >= this.target) return;
    const { raw } = this.options;
    if (!raw.writableNeedDrain) {
      const run: StoredEvent[] = [];
      for (let next = this.pending.get(this.lastSent + 1); next; next = this.pending.get(next.id + 1)) run.push(next);
      if (run.length > 0) {
        for (const event of run) this.pending.delete(event.id);
        this.lastSent = (run[run.length - 1] as StoredEvent).id;
        raw.write(runOf(run));
      }
    }
    this.schedule();
  }

  /**
   * Starts writing (the headers are sent already): `retry`, a `reset` when the client cannot be
   * resumed, then what it missed and what comes. A stream displaced by newer ones of its token while
   * its answer was prepared sends `retry` only and ends, as it would have a moment later.
   */
  start(position: EventPosition, lastEventId: string | undefined): void {
    const { raw } = this.options;
    if (this.ended) {
      if (this.ended === 'displaced') raw.end(retryBlock(RETRY_MS));
      return;
    }
    this.started = true;
    raw.write(retryBlock(RETRY_MS));
    const point = startingPoint(lastEventId, position);
    if (point.reset) {
      raw.write(this.resetBlock(point.after));
    }
    this.advanceTo(point.after);
    this.target = Math.max(this.target, position.lastId);
    for (const block of this.unnumbered.splice(0)) raw.write(block);
    this.pingTimer = setInterval(() => {
      // A ping behind data the client has not read yet would tell it nothing.
      if (!raw.writableNeedDrain) raw.write(PING_BLOCK);
    }, this.options.pingIntervalMs);
    this.armExpiry();
    this.schedule();
  }

  /** Ends the stream: gracefully, except for a client that stopped reading (its data would never drain). */
  close(reason: LiveStreamEnd): void {
    if (this.ended) return;
    this.ended = reason;
    clearInterval(this.pingTimer);
    clearTimeout(this.expiryTimer);
    this.pending.clear();
    this.unnumbered.length = 0;
    this.options.resources.dispose();
    if (!this.started || reason === 'client') {
      return;
    }
    const { raw } = this.options;
    if (reason === 'stalled' || raw.writableNeedDrain) {
      raw.destroy();
    } else {
      raw.end();
    }
  }

  private armExpiry(): void {
    const remaining = this.options.expiresAt.getTime() - this.options.clock().getTime();
    if (remaining <= 0) {
      this.close('expired');
      return;
    }
    this.expiryTimer = setTimeout(() => this.armExpiry(), Math.min(remaining, MAX_TIMER_MS));
  }

  private schedule(): void {
    if (!this.started || this.ended || this.pumping || this.lastSent >= this.target) {
      return;
    }
    this.pumping = true;
    this.pump()
      .catch((error: unknown) => {
        this.options.onError(error);
        this.close('error');
      })
      .finally(() => {
        this.pumping = false;
        // An event may have arrived between the last check of the loop and now.
        this.schedule();
      });
  }

  /** Writes every event up to `target`, from what arrived live or, where that has a gap, from the table. */
  private async pump(): Promise<void> {
    while (!this.ended && this.lastSent < this.target) {
      const run: StoredEvent[] = [];
      for (let next = this.pending.get(this.lastSent + 1); next; next = this.pending.get(next.id + 1)) run.push(next);
      if (run.length > 0) {
        await this.send(run);
        continue;
      }
      const upTo = this.target;
      const events = await this.options.replay.after(this.options.tenantId, this.lastSent, upTo, REPLAY_BATCH);
      if (this.ended) return;
      if (events[0]?.id !== this.lastSent + 1) {
        // Pruned while the client was behind: it must reload, then it gets what comes.
        await this.write(this.resetBlock(upTo));
        this.advanceTo(upTo);
        continue;
      }
      // Read in id order without holes (see EventLog.ts); a live copy of one of them is the same event.
      let count = 0;
      while (count < events.length && (events[count] as StoredEvent).id === this.lastSent + 1 + count) count++;
      await this.send(events.slice(0, count));
    }
  }

  /**
   * Writes consecutive events (the first follows the last sent) in one `write()`, of bytes made once
   * for every stream that sends the same run (the replay answers the same objects to streams that
   * catch up together).
   */
  private async send(events: readonly StoredEvent[]): Promise<void> {
    for (const event of events) {
      // Only ids above the last sent are held, so these are the ones that may be held.
      this.pending.delete(event.id);
    }
    this.lastSent = (events[events.length - 1] as StoredEvent).id;
    // A replay may answer committed events beyond what the stream knew of.
    if (this.lastSent > this.target) this.target = this.lastSent;
    await this.write(runOf(events));
  }

  /** Continues after `id` (a reset, or the start): what is held up to it is dropped. */
  private advanceTo(id: number): void {
    this.lastSent = id;
    for (const pendingId of this.pending.keys()) {
      if (pendingId <= id) this.pending.delete(pendingId);
    }
  }

  /** A reset carries the id to resume from afterwards, so that a reconnect does not reset again. */
  private resetBlock(id: number): string {
    return eventBlock(id, 'reset', '{}');
  }

  /** Writes whole blocks; when the client is behind, waits until it has read, at most `stallTimeoutMs`. */
  private write(block: string | Buffer): Promise<void> {
    const { raw } = this.options;
    if (raw.write(block)) {
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        raw.off('drain', done);
        raw.off('close', done);
        resolve();
      };
      const timer = setTimeout(() => {
        done();
        this.close('stalled');
      }, this.options.stallTimeoutMs);
      raw.on('drain', done);
      raw.on('close', done);
    });
  }
}
