import type { Disposable } from '../../../shared/Disposable';
import type { FrameScheduler } from '../../domain/ports/FrameScheduler';

/**
 * Longest wait for a frame. Hidden tabs get no animation frames; their work then runs on a timer
 * (which browsers slow down to about once a second there), so queues cannot grow without bound.
 */
export const FRAME_FALLBACK_MS = 250;

type FrameWindow = Pick<Window, 'requestAnimationFrame' | 'cancelAnimationFrame' | 'setTimeout' | 'clearTimeout'>;

/** FrameScheduler on `requestAnimationFrame`, with a timer for when no frame comes. */
export class AnimationFrameScheduler implements FrameScheduler {
  constructor(private readonly win: FrameWindow) {}

  schedule(work: () => void): Disposable {
    let done = false;
    const run = () => {
      if (!done) {
        done = true;
        this.win.cancelAnimationFrame(frame);
        this.win.clearTimeout(timer);
        work();
      }
    };
    const frame = this.win.requestAnimationFrame(run);
    const timer = this.win.setTimeout(run, FRAME_FALLBACK_MS);
    return {
      dispose: () => {
        done = true;
        this.win.cancelAnimationFrame(frame);
        this.win.clearTimeout(timer);
      },
    };
  }
}
