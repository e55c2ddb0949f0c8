import { action, computed, makeObservable, observable } from 'mobx';
import type { TourStep } from './tourSteps';

/** Where the shown step stands among the steps on screen now: "2 / 4", and whether it is an end. */
export interface TourProgress {
  position: number;
  total: number;
  first: boolean;
  last: boolean;
}

/**
 * The running tour: which step is shown. Whether a step's target is on screen is asked each time
 * (`isShown`), not kept, because the page changes under the tour; steps off screen are passed over
 * in both directions.
 */
export class TourState {
  running = false;
  /** Index into `steps` of the step shown; null while no step's target is on screen. */
  index: number | null = null;

  constructor(
    readonly steps: readonly TourStep[],
    private readonly isShown: (step: TourStep) => boolean,
  ) {
    makeObservable(this, {
      running: observable,
      index: observable,
      current: computed,
      start: action,
      next: action,
      back: action,
      settle: action,
      close: action,
    });
  }

  get current(): TourStep | null {
    return this.index === null ? null : (this.steps[this.index] ?? null);
  }

  /** Starts at the first step on screen (or with none, when nothing is on screen). */
  start(): void {
    this.running = true;
    this.index = this.seek(-1, 1);
  }

  /** The next step on screen; at the last one nothing changes. */
  next(): void {
    if (this.index !== null) {
      this.index = this.seek(this.index, 1) ?? this.index;
    }
  }

  /** The previous step on screen; at the first one nothing changes. */
  back(): void {
    if (this.index !== null) {
      this.index = this.seek(this.index, -1) ?? this.index;
    }
  }

  /** After the page changed: leaves a step whose target went away for the next one on screen, else the one before. */
  settle(): void {
    if (!this.running || (this.current && this.isShown(this.current))) {
      return;
    }
    const from = this.index ?? -1;
    this.index = this.seek(from, 1) ?? this.seek(this.index ?? this.steps.length, -1);
  }

  /** Ends the tour. The last step stays set so that a closing overlay keeps its content. */
  close(): void {
    this.running = false;
  }

  /** Counts the steps on screen now; null while no step is shown. */
  progress(): TourProgress | null {
    if (this.index === null) {
      return null;
    }
    const shown = this.steps.map((step, index) => (index === this.index || this.isShown(step) ? index : -1)).filter((index) => index >= 0);
    const position = shown.indexOf(this.index) + 1;
    return { position, total: shown.length, first: position === 1, last: position === shown.length };
  }

  private seek(from: number, direction: 1 | -1): number | null {
    for (let index = from + direction; index >= 0 && index < this.steps.length; index += direction) {
      const step = this.steps[index];
      if (step && this.isShown(step)) {
        return index;
      }
    }
    return null;
  }
}
