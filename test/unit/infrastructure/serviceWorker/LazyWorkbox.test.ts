import type { Workbox } from 'workbox-window';
import { LazyWorkbox } from '../../../../src/infrastructure/serviceWorker/LazyWorkbox';

/** A Workbox that records what it was asked and lets the test fire its events. */
function fakeWorkbox() {
  const listeners = new Map<string, Set<(event: unknown) => void>>();
  const calls: string[] = [];
  const workbox = {
    calls,
    register: async () => {
      calls.push('register');
      return {} as ServiceWorkerRegistration;
    },
    update: async () => void calls.push('update'),
    messageSkipWaiting: () => void calls.push('messageSkipWaiting'),
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      if (!listeners.has(type)) listeners.set(type, new Set());
      listeners.get(type)?.add(listener);
    },
    removeEventListener: (type: string, listener: (event: unknown) => void) => void listeners.get(type)?.delete(listener),
    fire: (type: string) => listeners.get(type)?.forEach((listener) => listener({ type })),
  };
  return workbox;
}

describe('LazyWorkbox', () => {
  it('loads workbox-window with the first call that needs it, not before, and once', async () => {
    const workbox = fakeWorkbox();
    const load = jest.fn(async () => workbox as unknown as Workbox);
    const lazy = new LazyWorkbox(load);
    lazy.addEventListener('waiting', () => undefined);
    expect(load).not.toHaveBeenCalled();

    await lazy.register();
    await lazy.update();
    lazy.messageSkipWaiting();
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(load).toHaveBeenCalledTimes(1);
    expect(workbox.calls).toEqual(['register', 'update', 'messageSkipWaiting']);
  });

  it('hands the listeners added before it loaded to the Workbox, and takes one away again', async () => {
    const workbox = fakeWorkbox();
    const lazy = new LazyWorkbox(async () => workbox as unknown as Workbox);
    const heard: string[] = [];
    const waiting = () => void heard.push('waiting');
    const controlling = () => void heard.push('controlling');
    lazy.addEventListener('waiting', waiting);
    lazy.addEventListener('controlling', controlling);
    lazy.removeEventListener('controlling', controlling);

    await lazy.register();
    workbox.fire('waiting');
    workbox.fire('controlling');
    lazy.addEventListener('controlling', controlling);
    workbox.fire('controlling');
    lazy.removeEventListener('waiting', waiting);
    workbox.fire('waiting');

    expect(heard).toEqual(['waiting', 'controlling']);
  });

  it('loads again after a load that failed', async () => {
    const workbox = fakeWorkbox();
    const load = jest.fn().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValue(workbox);
    const lazy = new LazyWorkbox(load);

    await expect(lazy.register()).rejects.toThrow('ChunkLoadError');
    await lazy.register();

    expect(load).toHaveBeenCalledTimes(2);
    expect(workbox.calls).toEqual(['register']);
  });
});
