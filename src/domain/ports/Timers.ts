import type { Disposable } from '../../../shared/Disposable';

/** Delayed work (the domain has no `setTimeout` of its own); disposing cancels it. */
export interface Timers {
  after(milliseconds: number, work: () => void): Disposable;
}

export const Timers = Symbol('Timers');
