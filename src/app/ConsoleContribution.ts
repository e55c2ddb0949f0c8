import type { Container } from 'inversify';
import type { Disposable } from '../../shared/Disposable';
import { afterFirstScreen } from '../ui/routing/afterFirstScreen';

/**
 * A part of the console that starts and stops with it. The module that binds a service also binds
 * its contribution under `ConsoleContribution`; `bootstrap` starts all of them in one loop, in the
 * order they were bound, and `shutdown` disposes them in reverse order (after Theia's
 * `FrontendApplicationContribution`). Nothing else calls `start` or `dispose` on them.
 */
export interface ConsoleContribution {
  /** What must be listening from the start: runs once the session is restored, before the first render. */
  onStart?(): void;
  /** What must not compete with the first screen: runs once it is done, has painted and the browser is idle. */
  onFirstScreenDone?(): void;
  /** At shutdown, in reverse order of binding. */
  dispose?(): void;
}

export const ConsoleContribution = Symbol('ConsoleContribution');

/** The contributions of `container`, started and stopped as one. */
export class ConsoleContributions {
  private readonly all: readonly ConsoleContribution[];

  constructor(container: Pick<Container, 'getAll'>) {
    this.all = container.getAll<ConsoleContribution>(ConsoleContribution);
  }

  /**
   * Starts every contribution now, and once `firstScreen` has resolved (on `/orders`: the first rows
   * are on screen), the frame after it has painted and the browser is idle, runs their
   * `onFirstScreenDone` (see `afterFirstScreen` for the waits).
   */
  start(win: Window, firstScreen: Promise<void>): void {
    for (const contribution of this.all) {
      contribution.onStart?.();
    }
    afterFirstScreen(win, firstScreen, () => {
      for (const contribution of this.all) {
        contribution.onFirstScreenDone?.();
      }
    });
  }

  dispose(): void {
    for (const contribution of [...this.all].reverse()) {
      contribution.dispose?.();
    }
  }
}

/** The contribution of a service that starts with the console and is disposed with it. */
export function startedWithConsole(service: { start(): void } & Disposable): ConsoleContribution {
  return { onStart: () => service.start(), dispose: () => service.dispose() };
}

/** The contribution of a service that holds something until the console shuts down. */
export function disposedWithConsole(service: Disposable): ConsoleContribution {
  return { dispose: () => service.dispose() };
}
