import type { Workbox } from 'workbox-window';
import { parseRegistrationStrategy } from '../../domain/model/registrationStrategy';
import { ServiceWorkerError } from '../../domain/model/ServiceWorkerError';
import type { Timers } from '../../domain/ports/Timers';
import { NO_REGISTRATION, registrationRefusal } from './registrationRefusal';

export interface ServiceWorkerRegistrarDeps {
  /** Null where the console has no service worker: nothing is registered then. */
  workbox: Pick<Workbox, 'register'> | null;
  /** How registration is timed, as Angular writes it (`registerWhenStable:30000`). */
  strategy: string;
  /** Resolves when the console is stable (first route rendered, its requests settled). */
  whenStable: () => Promise<void>;
  timers: Timers;
  /** Where a failure is reported (logged to the console, never thrown). */
  log: (error: ServiceWorkerError) => void;
  /** Where a line for whoever reads the console goes: the browser refused the service worker. */
  tell: (line: string) => void;
}

/** The one line said when the browser refuses the service worker (`reason` in its own words). */
export const refusedLine = (reason: string): string =>
  `Service worker not registered: the browser refused it (${reason}); the console works without offline start and push`;

/**
 * Registers the service worker when the strategy says: by default once the console is stable
 * or at the strategy's time limit, whichever is first, so precaching the shell never delays what the
 * operator waits for. An unknown strategy (5600) or a failed registration (5604) is logged as
 * an error. A browser that refuses service workers (its settings, a policy, an automation that
 * blocks them: `registrationRefusal`) is no failure of ours: that is said in one line, once.
 */
export class ServiceWorkerRegistrar {
  /**
   * Resolves when this page will have no service worker: the browser refused it, registering
   * failed, or the strategy was unknown. Whoever waits for `navigator.serviceWorker.ready` (which
   * then never resolves) races it against this.
   */
  readonly unavailable: Promise<void>;
  private markUnavailable!: () => void;
  private started = false;

  constructor(private readonly deps: ServiceWorkerRegistrarDeps) {
    this.unavailable = new Promise<void>((resolve) => (this.markUnavailable = resolve));
  }

  /** Starts waiting for the moment to register; resolves when registered or given up. */
  async start(): Promise<void> {
    const { workbox, timers, log, tell } = this.deps;
    if (!workbox || this.started) {
      return;
    }
    this.started = true;
    try {
      const strategy = parseRegistrationStrategy(this.deps.strategy);
      if (strategy.kind === 'withDelay') {
        await new Promise<void>((resolve) => timers.after(strategy.delayMs, resolve));
      } else if (strategy.kind === 'whenStable') {
        const waits = [this.deps.whenStable()];
        if (strategy.timeoutMs !== null) {
          waits.push(new Promise<void>((resolve) => timers.after(strategy.timeoutMs!, resolve)));
        }
        await Promise.race(waits);
      }
    } catch (error) {
      log(error instanceof ServiceWorkerError ? error : new ServiceWorkerError(5600, undefined, { cause: error }));
      this.markUnavailable();
      return;
    }
    try {
      // Workbox waits for the page's `load` itself when it has not happened yet.
      const registration = await workbox.register();
      if (!registration) {
        tell(refusedLine(NO_REGISTRATION));
        this.markUnavailable();
      }
    } catch (error) {
      const refusal = registrationRefusal(error);
      if (refusal !== null) {
        tell(refusedLine(refusal));
      } else {
        log(new ServiceWorkerError(5604, error instanceof Error ? error.message : String(error), { cause: error }));
      }
      this.markUnavailable();
    }
  }
}
