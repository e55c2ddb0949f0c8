import type { Disposable } from '../../../shared/Disposable';

/**
 * Runs work once before the next frame is painted, so that many changes arriving together are
 * applied in one go. When frames do not come (a hidden tab), the work still runs after a short wait.
 */
export interface FrameScheduler {
  schedule(work: () => void): Disposable;
}

export const FrameScheduler = Symbol('FrameScheduler');
