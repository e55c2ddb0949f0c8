import type { Disposable } from '../../../shared/Disposable';
import type { Clock } from '../../domain/ports/Clock';
import type { Timers } from '../../domain/ports/Timers';

/**
 * Tells when a connection has been silent for `timeoutMs`. Signs of life (`heard()`) only note the
 * time they came (a live burst brings hundreds of reads a second); the one timer, when it fires,
 * waits again for what is left of the timeout counted from the last of them.
 */
export class SilenceWatchdog implements Disposable {
  private heardAt = 0;
  private timer: Disposable | null = null;

  constructor(
    private readonly timers: Timers,
    private readonly clock: Clock,
    private readonly timeoutMs: number,
  ) {}

  /** Starts watching (again) from now; `onSilent` runs once the silence lasts `timeoutMs`. */
  watch(onSilent: () => void): void {
    this.dispose();
    this.heardAt = this.clock.now();
    const check = (wait: number) => {
      this.timer = this.timers.after(wait, () => {
        this.timer = null;
        const silent = this.clock.now() - this.heardAt;
        if (silent >= this.timeoutMs) {
          onSilent();
        } else {
          check(this.timeoutMs - silent);
        }
      });
    };
    check(this.timeoutMs);
  }

  /** The connection showed life (its answer, any byte). */
  heard(): void {
    this.heardAt = this.clock.now();
  }

  /** Stops watching. */
  dispose(): void {
    this.timer?.dispose();
    this.timer = null;
  }
}
