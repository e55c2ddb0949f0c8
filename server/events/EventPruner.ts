import { DEFAULT_RETENTION, type EventLog, type EventRetention } from './EventLog';

export const DEFAULT_PRUNE_INTERVAL_MS = 10 * 60 * 1000;

export interface EventPrunerOptions {
  eventLog: EventLog;
  clock: () => Date;
  /** Time between two prunings; the first comes one interval after `start`. */
  intervalMs?: number;
  retention?: EventRetention;
  onError: (error: unknown) => void;
}

/** Deletes old events now and then (`EventLog.prune`); a pruning still running when the next is due skips that one. */
export class EventPruner {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly options: EventPrunerOptions) {}

  start(): void {
    const interval = this.options.intervalMs ?? DEFAULT_PRUNE_INTERVAL_MS;
    this.timer = setInterval(() => {
      if (this.stopped || this.running) return;
      this.running = this.prune().finally(() => {
        this.running = undefined;
      });
    }, interval);
    // Pruning alone must not keep a process alive.
    this.timer.unref();
  }

  /** Stops the timer and waits for a pruning under way, so that the database can be closed afterwards. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  private async prune(): Promise<void> {
    try {
      await this.options.eventLog.prune(this.options.clock(), this.options.retention ?? DEFAULT_RETENTION);
    } catch (error) {
      this.options.onError(error);
    }
  }
}
