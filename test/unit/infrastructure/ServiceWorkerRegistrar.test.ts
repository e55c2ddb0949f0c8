import { Workbox } from 'workbox-window';
import { AppStability } from '../../../src/domain/lifecycle/AppStability';
import { DEFAULT_REGISTRATION_STRATEGY } from '../../../src/domain/model/registrationStrategy';
import { isServiceWorkerError, type ServiceWorkerError } from '../../../src/domain/model/ServiceWorkerError';
import { createWorkbox } from '../../../src/infrastructure/serviceWorker/createWorkbox';
import { ServiceWorkerRegistrar, type ServiceWorkerRegistrarDeps } from '../../../src/infrastructure/serviceWorker/ServiceWorkerRegistrar';
import { FakeTimers } from '../support/liveFakes';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The registration part of workbox-window, recording each call. */
class FakeWorkbox {
  registrations = 0;
  failure: Error | null = null;

  async register(): Promise<ServiceWorkerRegistration | undefined> {
    this.registrations++;
    if (this.failure) {
      throw this.failure;
    }
    return undefined;
  }
}

describe('ServiceWorkerRegistrar', () => {
  let timers: FakeTimers;
  let stability: AppStability;
  let workbox: FakeWorkbox;
  let logged: ServiceWorkerError[];

  beforeEach(() => {
    timers = new FakeTimers();
    stability = new AppStability(timers);
    workbox = new FakeWorkbox();
    logged = [];
  });

  const registrar = (overrides: Partial<ServiceWorkerRegistrarDeps> = {}) =>
    new ServiceWorkerRegistrar({
      workbox,
      strategy: DEFAULT_REGISTRATION_STRATEGY,
      whenStable: () => stability.whenStable(),
      timers,
      log: (error) => logged.push(error),
      ...overrides,
    });

  /** Moves the console's time on and lets the promises waiting for it run. */
  const advance = async (milliseconds: number) => {
    await flush();
    timers.advance(milliseconds);
    await flush();
  };

  describe('registerWhenStable:30000', () => {
    it('registers as soon as the console is stable, long before 30 s', async () => {
      void registrar().start();
      await advance(1000);
      expect(workbox.registrations).toBe(0);
      stability.markRendered();
      await advance(0);
      expect(workbox.registrations).toBe(1);
      await advance(30_000);
      expect(workbox.registrations).toBe(1);
      expect(logged).toEqual([]);
    });

    it('registers at 30 000 ms when the console is not stable by then, and not at 29 999', async () => {
      stability.markRendered();
      stability.started();
      void registrar().start();
      await advance(29_999);
      expect(workbox.registrations).toBe(0);
      await advance(1);
      expect(workbox.registrations).toBe(1);
      stability.finished();
      await advance(0);
      expect(workbox.registrations).toBe(1);
    });

    it('registers once however often it is started', async () => {
      const once = registrar();
      void once.start();
      void once.start();
      stability.markRendered();
      await advance(0);
      await advance(30_000);
      expect(workbox.registrations).toBe(1);
    });
  });

  it('registerWhenStable without a timeout waits for stability however long it takes', async () => {
    void registrar({ strategy: 'registerWhenStable' }).start();
    await advance(600_000);
    expect(workbox.registrations).toBe(0);
    stability.markRendered();
    await advance(0);
    expect(workbox.registrations).toBe(1);
  });

  it('registerImmediately does not wait', async () => {
    await registrar({ strategy: 'registerImmediately' }).start();
    expect(workbox.registrations).toBe(1);
  });

  it('registerWithDelay:1000 registers at 1000 ms, stable or not', async () => {
    void registrar({ strategy: 'registerWithDelay:1000' }).start();
    await advance(999);
    expect(workbox.registrations).toBe(0);
    await advance(1);
    expect(workbox.registrations).toBe(1);
  });

  it('logs a failed registration as 5604 and does not throw', async () => {
    workbox.failure = new Error('SecurityError: the script is not served as JavaScript');
    await expect(registrar({ strategy: 'registerImmediately' }).start()).resolves.toBeUndefined();
    expect(workbox.registrations).toBe(1);
    expect(logged).toHaveLength(1);
    expect(isServiceWorkerError(logged[0], 5604)).toBe(true);
    expect(logged[0]?.message).toContain('SecurityError');
    expect(logged[0]?.cause).toBe(workbox.failure);
  });

  it('logs an unknown strategy as 5600 and never registers', async () => {
    await expect(registrar({ strategy: 'registerSometime:30000' }).start()).resolves.toBeUndefined();
    stability.markRendered();
    await advance(60_000);
    expect(workbox.registrations).toBe(0);
    expect(logged).toHaveLength(1);
    expect(isServiceWorkerError(logged[0], 5600)).toBe(true);
  });

  describe('a development build never registers', () => {
    /** jsdom, like a browser with service workers disabled, has no `navigator.serviceWorker`; lend it one. */
    const withServiceWorkers = (work: () => void) => {
      Object.defineProperty(window.navigator, 'serviceWorker', { value: new EventTarget(), configurable: true });
      try {
        work();
      } finally {
        delete (window.navigator as { serviceWorker?: unknown }).serviceWorker;
      }
    };

    it('has a workbox only in a production build of a browser with service workers', () => {
      withServiceWorkers(() => {
        expect(createWorkbox(window, false)).toBeNull();
        expect(createWorkbox(window, true)).toBeInstanceOf(Workbox);
      });
      expect('serviceWorker' in window.navigator).toBe(false);
      expect(createWorkbox(window, true)).toBeNull();
    });

    it('does nothing without a workbox: no waiting, no timer, no log', async () => {
      const whenStable = jest.fn(() => stability.whenStable());
      const after = jest.spyOn(timers, 'after');
      await registrar({ workbox: createWorkbox(window, false), whenStable }).start();
      stability.markRendered();
      await advance(60_000);
      expect(whenStable).not.toHaveBeenCalled();
      expect(after).not.toHaveBeenCalled();
      expect(logged).toEqual([]);
    });
  });
});
