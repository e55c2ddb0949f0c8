import { action, makeObservable, observable, when } from 'mobx';
import type { RequestActivity } from '../ports/RequestActivity';
import type { Timers } from '../ports/Timers';

/**
 * Whether the console is stable (after Angular's `isStable`): the first route rendered and
 * no request of the HttpClient under way. The service worker is registered when it is, so its
 * precaching never competes with what the operator waits for.
 */
export class AppStability implements RequestActivity {
  rendered = false;
  pending = 0;

  constructor(private readonly timers: Timers) {
    makeObservable(this, {
      rendered: observable,
      pending: observable,
      markRendered: action,
      started: action,
      finished: action,
    });
  }

  /** The first route has rendered. */
  markRendered(): void {
    this.rendered = true;
  }

  started(): void {
    this.pending++;
  }

  finished(): void {
    this.pending = Math.max(0, this.pending - 1);
  }

  /**
   * Resolves once the console is stable and still is a moment later: a page's effects start its
   * requests right after it rendered, so stability is confirmed after the next timer turn.
   */
  async whenStable(): Promise<void> {
    for (;;) {
      await when(() => this.rendered && this.pending === 0);
      await new Promise<void>((resolve) => this.timers.after(0, resolve));
      if (this.rendered && this.pending === 0) {
        return;
      }
    }
  }
}
