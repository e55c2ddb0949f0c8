import type { WorkboxEventMap } from 'workbox-window';
import { isServiceWorkerError } from '../../../../src/domain/model/ServiceWorkerError';
import { WorkboxUpdateNotifier, type UpdatableWorkbox } from '../../../../src/infrastructure/serviceWorker/WorkboxUpdateNotifier';
import de from '../../../../src/ui/locales/de.json';
import en from '../../../../src/ui/locales/en.json';
import { FakeNotifier } from '../../support/fakes';

type Listener = (event: never) => unknown;

/** workbox-window as the update prompt sees it: events the test fires, calls it records. */
class FakeWorkbox implements UpdatableWorkbox {
  readonly listeners = new Map<string, Set<Listener>>();
  skipWaitingMessages = 0;
  updates = 0;

  addEventListener<K extends keyof WorkboxEventMap>(type: K, listener: (event: WorkboxEventMap[K]) => unknown): void {
    const listeners = this.listeners.get(type) ?? new Set();
    listeners.add(listener as Listener);
    this.listeners.set(type, listeners);
  }

  removeEventListener<K extends keyof WorkboxEventMap>(type: K, listener: (event: WorkboxEventMap[K]) => unknown): void {
    this.listeners.get(type)?.delete(listener as Listener);
  }

  listenerCount(type: keyof WorkboxEventMap): number {
    return this.listeners.get(type)?.size ?? 0;
  }

  fire(type: keyof WorkboxEventMap): void {
    for (const listener of [...(this.listeners.get(type) ?? [])]) {
      (listener as (event: unknown) => unknown)({ type, target: this });
    }
  }

  messageSkipWaiting(): void {
    this.skipWaitingMessages++;
  }

  async update(): Promise<void> {
    this.updates++;
  }
}

describe('WorkboxUpdateNotifier', () => {
  let workbox: FakeWorkbox;
  let notifier: FakeNotifier;
  let reloads: number;
  let updates: WorkboxUpdateNotifier;

  beforeEach(() => {
    workbox = new FakeWorkbox();
    notifier = new FakeNotifier();
    reloads = 0;
    updates = new WorkboxUpdateNotifier(workbox, notifier, () => reloads++);
    updates.start();
  });

  const clickReload = () => {
    const action = notifier.toasts.at(-1)?.action;
    if (!action) throw new Error('no toast with an action');
    action.onClick();
  };

  it('says nothing until a new version is waiting', () => {
    workbox.fire('installed');
    workbox.fire('activated');
    expect(notifier.toasts).toEqual([]);
  });

  it('shows “Application has been updated” with “Ok, Reload!”, a message that stays until acted on', () => {
    workbox.fire('waiting');
    expect(notifier.toasts).toEqual([
      expect.objectContaining({ message: 'update.available', expires: false, action: expect.objectContaining({ text: 'update.reload' }) }),
    ]);
    expect(en.update).toEqual({ available: 'Application has been updated', reload: 'Ok, Reload!' });
    expect(de.update.available).toBeTruthy();
    expect(de.update.reload).toBeTruthy();
  });

  it('the action lets the waiting worker take over and reloads once it controls the page', () => {
    workbox.fire('waiting');
    clickReload();
    expect(workbox.skipWaitingMessages).toBe(1);
    expect(reloads).toBe(0);
    workbox.fire('controlling');
    expect(reloads).toBe(1);
  });

  it('reloads only once, also when control changes again', () => {
    workbox.fire('waiting');
    clickReload();
    workbox.fire('controlling');
    workbox.fire('controlling');
    expect(reloads).toBe(1);
    expect(workbox.listenerCount('controlling')).toBe(0);
  });

  it('a second click before the new worker controls the page neither asks again nor listens twice', () => {
    workbox.fire('waiting');
    clickReload();
    clickReload();
    expect(workbox.skipWaitingMessages).toBe(1);
    expect(workbox.listenerCount('controlling')).toBe(1);
    workbox.fire('controlling');
    expect(reloads).toBe(1);
  });

  it('does not reload when control changes without the operator asking for it', () => {
    workbox.fire('waiting');
    workbox.fire('controlling');
    expect(reloads).toBe(0);
  });

  it('checks for an update through the workbox', async () => {
    await updates.checkForUpdate();
    expect(workbox.updates).toBe(1);
  });

  describe('without a service worker', () => {
    it('starts without effect and fails a check for an update with 5601', async () => {
      const none = new WorkboxUpdateNotifier(null, notifier, () => reloads++);
      none.start();
      const error = await none.checkForUpdate().catch((caught: unknown) => caught);
      expect(isServiceWorkerError(error, 5601)).toBe(true);
      expect((error as Error).message).toContain('Service workers are disabled or not supported by this browser');
      expect(notifier.toasts).toEqual([]);
    });
  });
});

describe('WorkboxUpdateNotifier with the page’s service workers', () => {
  it('asks the waiting worker of the page’s registration too, and reloads once on controllerchange', async () => {
    const workbox = new FakeWorkbox();
    const notifier = new FakeNotifier();
    const posted: unknown[] = [];
    const container = new EventTarget() as EventTarget & { getRegistration(): Promise<unknown> };
    container.getRegistration = async () => ({ waiting: { postMessage: (message: unknown) => posted.push(message) } });
    let reloads = 0;
    const updates = new WorkboxUpdateNotifier(workbox, notifier, () => reloads++, container as unknown as ServiceWorkerContainer);
    updates.start();
    workbox.fire('waiting');
    notifier.toasts.at(-1)!.action!.onClick();
    await Promise.resolve();
    await Promise.resolve();
    expect(posted).toEqual([{ type: 'SKIP_WAITING' }]);
    container.dispatchEvent(new Event('controllerchange'));
    workbox.fire('controlling');
    expect(reloads).toBe(1);
  });
});
