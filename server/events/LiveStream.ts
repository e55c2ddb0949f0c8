import type { ServerResponse } from 'node:http';
import type { Disposable } from '../../src/domain/model/Disposable';
import type { StoredEvent } from './EventHub';
import type { EventLog, EventPosition } from './EventLog';
import type { StreamEnd } from './OpenStreams';
import { eventBlock, PING_BLOCK, retryBlock } from './serverSentEvents';

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

export type LiveStreamEnd = StreamEnd | 'client' | 'stalled' | 'error';

export interface LiveStreamOptions {
  tenantId: string;
  log: EventLog;
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

/** Where a stream starts: after which id, and whether it must tell the client to reload first. */
export interface StartingPoint {
  after: number;
  reset: boolean;
}

const EVENT_ID = /^\d{1,15}$/;

/**
 * Where a stream that asked to resume after `lastEventId` starts. Without one: with the next event.
 * With an id the backend can resume from (the tenant's last id, or one whose successor is still kept):
 * after it. Otherwise, when it was pruned, is beyond the last id (another tenant's or server's, or
 * garbage) or is no number at all: with a `reset` (EventSource semantics: never a 400), then the next event.
 */
export function startingPoint(lastEventId: string | undefined, position: EventPosition): StartingPoint {
  if (lastEventId === undefined || lastEventId === '') {
    return { after: position.lastId, reset: false };
  }
  const asked = EVENT_ID.test(lastEventId) ? Number(lastEventId) : Number.NaN;
  const resumable =
    asked === position.lastId || (asked < position.lastId && position.oldestId !== null && asked >= position.oldestId - 1);
  return resumable ? { after: asked, reset: false } : { after: position.lastId, reset: true };
}

/**
 * One open `GET /api/events` of one tenant. Events reach it live from the hub (`receive`) and are
 * written in id order without gaps or repeats: an event whose predecessors it has not sent yet (a
 * replay after `Last-Event-ID`, live events that arrived while it was reading, events another
 * process announced) makes it read the missing ones from the table first. Every block is written
 * with one `write()`. A client that stops reading holds at most one batch in memory and is cut off
 * after `stallTimeoutMs`; it resumes with `Last-Event-ID`.
 */
export class LiveStream {
  private readonly pending = new Map<number, StoredEvent>();
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

  /** A committed event of the stream's tenant. Held until the stream started. */
  receive(event: StoredEvent): void {
    if (this.ended || event.id <= this.lastSent) {
      return;
    }
    this.target = Math.max(this.target, event.id);
    if (this.pending.size < MAX_PENDING) {
      this.pending.set(event.id, event);
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
      const live = this.pending.get(this.lastSent + 1);
      if (live) {
        await this.send(live);
        continue;
      }
      const upTo = this.target;
      const events = await this.options.log.after(this.options.tenantId, this.lastSent, upTo, REPLAY_BATCH);
      if (this.ended) return;
      if (events[0]?.id !== this.lastSent + 1) {
        // Pruned while the client was behind: it must reload, then it gets what comes.
        await this.write(this.resetBlock(upTo));
        this.advanceTo(upTo);
        continue;
      }
      for (const event of events) {
        if (this.ended || event.id !== this.lastSent + 1) break;
        await this.send(event);
      }
    }
  }

  private async send(event: StoredEvent): Promise<void> {
    const written = this.write(eventBlock(event.id, event.type, event.data));
    // Only ids above the last sent are held, so this is the one that may be held.
    this.pending.delete(event.id);
    this.lastSent = event.id;
    await written;
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

  /** Writes one block; when the client is behind, waits until it has read, at most `stallTimeoutMs`. */
  private write(block: string): Promise<void> {
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
