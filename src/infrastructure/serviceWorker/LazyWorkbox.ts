import type { Workbox, WorkboxEventMap } from 'workbox-window';

/** What the console uses of workbox-window's Workbox (registrar and update prompt). */
export type WorkboxPart = Pick<Workbox, 'register' | 'addEventListener' | 'removeEventListener' | 'messageSkipWaiting' | 'update'>;

type Listener = (event: never) => unknown;

/**
 * A Workbox whose code (workbox-window, its own chunk) is loaded by the first call that needs it,
 * which is the registration after the first screen: until then the page carries none of it.
 * Listeners added before it has loaded are added to it when it has; a failed load is forgotten, so
 * the next call loads again.
 */
export class LazyWorkbox implements WorkboxPart {
  private loading: Promise<Workbox> | null = null;
  private workbox: Workbox | null = null;
  private readonly listeners: { type: keyof WorkboxEventMap; listener: Listener }[] = [];

  constructor(private readonly load: () => Promise<Workbox>) {}

  register(options?: { immediate?: boolean }): Promise<ServiceWorkerRegistration | undefined> {
    return this.loaded().then((workbox) => workbox.register(options));
  }

  update(): Promise<void> {
    return this.loaded().then((workbox) => workbox.update());
  }

  messageSkipWaiting(): void {
    this.loaded().then(
      (workbox) => workbox.messageSkipWaiting(),
      () => undefined,
    );
  }

  addEventListener<K extends keyof WorkboxEventMap>(type: K, listener: (event: WorkboxEventMap[K]) => unknown): void {
    this.listeners.push({ type, listener });
    this.workbox?.addEventListener(type, listener);
  }

  removeEventListener<K extends keyof WorkboxEventMap>(type: K, listener: (event: WorkboxEventMap[K]) => unknown): void {
    const index = this.listeners.findIndex((held) => held.type === type && held.listener === listener);
    if (index >= 0) {
      this.listeners.splice(index, 1);
    }
    this.workbox?.removeEventListener(type, listener);
  }

  private loaded(): Promise<Workbox> {
    this.loading ??= this.load().then(
      (workbox) => {
        this.workbox = workbox;
        for (const { type, listener } of this.listeners) {
          workbox.addEventListener(type, listener as (event: WorkboxEventMap[typeof type]) => unknown);
        }
        return workbox;
      },
      (error: unknown) => {
        this.loading = null;
        throw error;
      },
    );
    return this.loading;
  }
}
