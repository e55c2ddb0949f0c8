import type { Disposable } from '../../../shared/Disposable';
import { Emitter } from '../../domain/model/Emitter';
import type { Clock } from '../../domain/ports/Clock';
import type { UserActivity } from '../../domain/ports/UserActivity';

/** What counts as using the console. */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * UserActivity from the window's input events (listened to while capturing, passively: nothing is
 * held up). The start counts as use. Each event only notes its time; only the first after an idle
 * spell is told to listeners.
 */
export class DomUserActivity implements UserActivity, Disposable {
  private lastInputAt: number;
  private readonly resumed = new Emitter<void>();

  readonly onDidResume = (listener: () => void): Disposable => this.resumed.event(listener);

  constructor(
    private readonly window: Pick<Window, 'addEventListener' | 'removeEventListener'>,
    private readonly clock: Clock,
    private readonly idleMs: number,
  ) {
    this.lastInputAt = clock.now();
    for (const type of INPUT_EVENTS) {
      window.addEventListener(type, this.noteInput, { capture: true, passive: true });
    }
  }

  get idle(): boolean {
    return this.clock.now() - this.lastInputAt > this.idleMs;
  }

  private readonly noteInput = (): void => {
    const wasIdle = this.idle;
    this.lastInputAt = this.clock.now();
    if (wasIdle) {
      this.resumed.fire();
    }
  };

  dispose(): void {
    for (const type of INPUT_EVENTS) {
      this.window.removeEventListener(type, this.noteInput, { capture: true });
    }
    this.resumed.dispose();
  }
}
