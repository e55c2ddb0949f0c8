import { AppStability } from '../../../../src/domain/lifecycle/AppStability';
import { DEFAULT_REGISTRATION_STRATEGY } from '../../../../src/domain/model/registrationStrategy';
import { isServiceWorkerError, type ServiceWorkerError } from '../../../../src/domain/model/ServiceWorkerError';
import { createWorkbox } from '../../../../src/infrastructure/serviceWorker/createWorkbox';
import { LazyWorkbox } from '../../../../src/infrastructure/serviceWorker/LazyWorkbox';
import { refusedLine, ServiceWorkerRegistrar, type ServiceWorkerRegistrarDeps } from '../../../../src/infrastructure/serviceWorker/ServiceWorkerRegistrar';
import { FakeTimers } from '../../support/liveFakes';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The registration part of workbox-window, recording each call: it answers with a registration unless told otherwise. */
class FakeWorkbox {
  registrations = 0;
  failure: Error | null = null;
  answer: ServiceWorkerRegistration | undefined = { scope: 'http://localhost/' } as ServiceWorkerRegistration;

  async register(): Promise<ServiceWorkerRegistration | undefined> {
    this.registrations++;
    if (this.failure) {
      throw this.failure;
    }
    return this.answer;
  }
}

/** A DOMException as the browser's `navigator.serviceWorker.register` rejects with. */
const refusal = (name: string, reason: string) =>
  new DOMException(`Failed to register a ServiceWorker for scope ('http://localhost/') with script ('http://localhost/sw.js'): ${reason}`, name);

describe('ServiceWorkerRegistrar', () => {
  let timers: FakeTimers;
  let stability: AppStability;
  let workbox: FakeWorkbox;
  let logged: ServiceWorkerError[];
  let told: string[];

  beforeEach(() => {
    timers = new FakeTimers();
    stability = new AppStability(timers);
    workbox = new FakeWorkbox();
    logged = [];
    told = [];
  });

  const registrar = (overrides: Partial<ServiceWorkerRegistrarDeps> = {}) =>
    new ServiceWorkerRegistrar({
      workbox,
      strategy: DEFAULT_REGISTRATION_STRATEGY,
      whenStable: () => stability.whenStable(),
      timers,
      log: (error) => logged.push(error),
      tell: (line) => told.push(line),
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
      expect(told).toEqual([]);
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

  it.each([
    ['the script cannot be fetched', new TypeError("Failed to register a ServiceWorker for scope ('http://localhost/') with script ('http://localhost/sw.js'): An unknown error occurred when fetching the script.")],
    ['the script is served as HTML', refusal('SecurityError', "The script has an unsupported MIME type ('text/html').")],
    ['the script is behind a redirect', refusal('SecurityError', 'The script resource is behind a redirect, which is disallowed.')],
    ['the script fails to run', new TypeError('ServiceWorker script evaluation failed')],
  ])('keeps reporting a failure of ours as 5604: %s', async (_case, failure) => {
    workbox.failure = failure;
    await registrar({ strategy: 'registerImmediately' }).start();
    expect(logged).toHaveLength(1);
    expect(isServiceWorkerError(logged[0], 5604)).toBe(true);
    expect(logged[0]?.cause).toBe(failure);
    expect(told).toEqual([]);
  });

  describe('a browser that refuses service workers is no failure of ours', () => {
    it('says so in one line, once, when the browser gives no registration (register resolves to nothing)', async () => {
      workbox.answer = undefined;
      const once = registrar({ strategy: 'registerImmediately' });
      await once.start();
      await once.start();
      expect(logged).toEqual([]);
      expect(told).toEqual([
        'Service worker not registered: the browser refused it (it gave no registration); the console works without offline start and push',
      ]);
    });

    it.each([
      ['SecurityError', 'The user denied permission to use Service Worker.'],
      ['NotSupportedError', 'The user denied permission to use Service Worker.'],
      ['SecurityError', 'The operation is insecure.'],
    ])('says so in one line with the browser’s reason when register rejects with a %s (%s)', async (name, reason) => {
      workbox.failure = refusal(name, reason);
      await registrar({ strategy: 'registerImmediately' }).start();
      expect(logged).toEqual([]);
      expect(told).toHaveLength(1);
      expect(told[0]).toBe(refusedLine(`${name}: ${workbox.failure.message}`));
      expect(told[0]).toContain(reason);
      expect(told[0]).not.toMatch(/\n|NG0|\bat /);
    });

    it('says so when workbox-window trips over the registration the browser did not give (NG05604 … reading \'waiting\' before)', async () => {
      const register = jest.fn(async () => undefined);
      const container = Object.assign(new EventTarget(), { controller: null, register });
      Object.defineProperty(window.navigator, 'serviceWorker', { value: container, configurable: true });
      try {
        await registrar({ workbox: createWorkbox(window), strategy: 'registerImmediately' }).start();
      } finally {
        delete (window.navigator as { serviceWorker?: unknown }).serviceWorker;
      }
      expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
      expect(logged).toEqual([]);
      expect(told).toEqual([refusedLine('it gave no registration')]);
    });
  });

  describe('tells whoever waits for the service worker when there will be none', () => {
    /** Whether `unavailable` has resolved by now. */
    const settled = async (subject: ServiceWorkerRegistrar) => {
      let done = false;
      void subject.unavailable.then(() => (done = true));
      await flush();
      return done;
    };

    it('not while waiting to register, nor after a registration', async () => {
      const waiting = registrar();
      void waiting.start();
      expect(await settled(waiting)).toBe(false);
      const registered = registrar({ strategy: 'registerImmediately' });
      await registered.start();
      expect(await settled(registered)).toBe(false);
    });

    it.each([
      ['the browser gives no registration', () => (workbox.answer = undefined)],
      ['the browser refuses it', () => (workbox.failure = refusal('SecurityError', 'The user denied permission to use Service Worker.'))],
      ['registering fails', () => (workbox.failure = new TypeError('ServiceWorker script evaluation failed'))],
    ])('when %s', async (_case, arrange) => {
      arrange();
      const subject = registrar({ strategy: 'registerImmediately' });
      await subject.start();
      expect(await settled(subject)).toBe(true);
    });

    it('when the strategy is unknown', async () => {
      const subject = registrar({ strategy: 'registerSometime:30000' });
      await subject.start();
      expect(await settled(subject)).toBe(true);
    });
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

    it('has a workbox only in a browser with service workers', () => {
      withServiceWorkers(() => {
        expect(createWorkbox(window)).toBeInstanceOf(LazyWorkbox);
      });
      expect('serviceWorker' in window.navigator).toBe(false);
      expect(createWorkbox(window)).toBeNull();
    });

    it('does nothing without a workbox: no waiting, no timer, no log', async () => {
      const whenStable = jest.fn(() => stability.whenStable());
      const after = jest.spyOn(timers, 'after');
      await registrar({ workbox: null, whenStable }).start();
      stability.markRendered();
      await advance(60_000);
      expect(whenStable).not.toHaveBeenCalled();
      expect(after).not.toHaveBeenCalled();
      expect(logged).toEqual([]);
    });
  });
});
