import type { Disposable } from '../../../shared/Disposable';
import type { Timers } from '../../domain/ports/Timers';

/** Timers on the window's `setTimeout`. */
export class WindowTimers implements Timers {
  constructor(private readonly win: Pick<Window, 'setTimeout' | 'clearTimeout'>) {}

  after(milliseconds: number, work: () => void): Disposable {
    const handle = this.win.setTimeout(work, milliseconds);
    return { dispose: () => this.win.clearTimeout(handle) };
  }
}
