import type { Disposable } from '../../../shared/Disposable';
import type { Timers } from '../../domain/ports/Timers';
import { MAX_RECONNECT_DELAY, reconnectDelay } from './reconnectDelay';

/**
 * The waits between reconnection attempts ({@link reconnectDelay}: the server's `retry:` as base,
 * doubling, jittered, at most 30 s) and the one timer of the next attempt. The attempt count starts
 * over when a connection goes live, and comes back if that connection proves no good (a listener
 * failed on its events: retried ever more slowly, not at the base wait every time).
 */
export class ReconnectBackoff implements Disposable {
  /** Failed attempts since the last live connection. */
  private attempts = 0;
  /** `attempts` as it was when the current connection went live. */
  private attemptsBeforeLive = 0;
  /** The server's `retry:` in milliseconds. */
  private serverRetry: number | null = null;
  private timer: Disposable | null = null;

  constructor(
    private readonly timers: Timers,
    /** Jitter source in [0, 1). */
    private readonly random: () => number,
  ) {}

  /** Whether an attempt has failed since the last live connection. */
  get failing(): boolean {
    return this.attempts > 0;
  }

  /** Whether the next attempt is waiting for its time. */
  get waiting(): boolean {
    return this.timer !== null;
  }

  /** Runs `attempt` after the next wait; a `Retry-After` (`requestedMs`) lengthens it, never beyond 30 s. */
  schedule(attempt: () => void, requestedMs: number | null = null): void {
    this.cancel();
    this.attempts += 1;
    let delay = reconnectDelay(this.attempts, this.serverRetry, this.random());
    if (requestedMs !== null) {
      delay = Math.max(delay, Math.min(requestedMs, MAX_RECONNECT_DELAY));
    }
    this.timer = this.timers.after(delay, () => {
      this.timer = null;
      attempt();
    });
  }

  /** The server named its wait (`retry:`). */
  setServerRetry(ms: number): void {
    this.serverRetry = ms;
  }

  /** A connection went live: the count starts over. */
  wentLive(): void {
    this.attemptsBeforeLive = this.attempts;
    this.attempts = 0;
  }

  /** The live connection proved no good: the count is what it was before it. */
  liveFailed(): void {
    this.attempts = this.attemptsBeforeLive;
  }

  /** Starts over (a new stream, or the network came back): first wait, no server value. */
  reset(options: { keepServerRetry?: boolean } = {}): void {
    this.cancel();
    this.attempts = 0;
    if (!options.keepServerRetry) {
      this.serverRetry = null;
    }
  }

  /** Drops the attempt waiting, if any. */
  cancel(): void {
    this.timer?.dispose();
    this.timer = null;
  }

  dispose(): void {
    this.cancel();
  }
}
