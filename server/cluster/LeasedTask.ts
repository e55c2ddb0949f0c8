import { performance } from 'node:perf_hooks';
import type { Lease } from './Lease';

/** The share of a lease's time to live a holder that cannot renew keeps running. */
const SAFE_SHARE = 0.8;

/** Work started under a lease, and the way to stop it. */
export interface RunningTask {
  stop(): Promise<void>;
}

export interface LeasedTaskOptions {
  lease: Lease;
  /** Starts the work: called each time this process takes the lease (a fresh start each time). */
  start: () => Promise<RunningTask> | RunningTask;
  /** Time between two tries to take or renew the lease. Default a third of its time to live. */
  renewMs?: number;
  /** Where failures go (the app's logger). */
  onError: (error: unknown) => void;
  /** Told when this process starts (true) or stops (false) the work, for the log. */
  onChange?: (running: boolean) => void;
}

/**
 * Runs a task in one process at a time among all that share the database: each tries to take the
 * lease now and then; the holder renews it and runs the task, the others wait. When the holder stops
 * it releases the lease, and another process takes it at its next try; when it dies, the lease runs
 * out and another takes it then. A holder that cannot renew (the database is away) stops the task
 * before its lease could have run out, so that two never run it at once.
 */
export class LeasedTask {
  private task: RunningTask | undefined;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private stopped = false;
  /**
   * Until when (performance.now()) the task may run without a renewal: the send time of the last
   * renewal plus four fifths of the lease's time to live (the database counts from later still), so
   * that a holder cut off stops before another could take the lease over.
   */
  private validUntil = 0;
  private readonly renewMs: number;

  constructor(private readonly options: LeasedTaskOptions) {
    this.renewMs = options.renewMs ?? Math.max(1, Math.floor(options.lease.ttlMs / 3));
  }

  /** Whether this process runs the task now. */
  get running(): boolean {
    return this.task !== undefined;
  }

  /** Tries to take the lease at once (and starts the task when it gets it), then keeps trying or renewing. */
  async start(): Promise<void> {
    await this.tick();
  }

  /** Stops trying, stops the task (waiting for it) and releases the lease. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.ticking;
    await this.stopTask();
    try {
      await this.options.lease.release();
    } catch (error) {
      this.options.onError(error);
    }
  }

  private tick(): Promise<void> {
    this.ticking = this.renew().finally(() => {
      this.ticking = undefined;
      this.schedule();
    });
    return this.ticking;
  }

  private schedule(): void {
    if (this.stopped) return;
    const untilExpiry = this.validUntil - performance.now();
    const delay = this.task ? Math.max(0, Math.min(this.renewMs, untilExpiry)) : this.renewMs;
    this.timer = setTimeout(() => void this.tick(), delay);
    // The lease alone must not keep a process alive.
    this.timer.unref();
  }

  private async renew(): Promise<void> {
    if (this.stopped) return;
    const sentAt = performance.now();
    let held: boolean;
    try {
      held = await this.options.lease.take();
      if (held) this.validUntil = sentAt + this.options.lease.ttlMs * SAFE_SHARE;
    } catch (error) {
      this.options.onError(error);
      // Not renewed: ours only for as long as the last renewal holds.
      held = performance.now() < this.validUntil;
    }
    if (this.stopped) return;
    if (held && !this.task) {
      try {
        this.task = await this.options.start();
        this.options.onChange?.(true);
      } catch (error) {
        this.options.onError(error);
        await this.options.lease.release().catch(() => undefined);
        this.validUntil = 0;
      }
    } else if (!held && this.task) {
      await this.stopTask();
    }
  }

  private async stopTask(): Promise<void> {
    const task = this.task;
    if (!task) return;
    this.task = undefined;
    try {
      await task.stop();
    } catch (error) {
      this.options.onError(error);
    }
    this.options.onChange?.(false);
  }
}
