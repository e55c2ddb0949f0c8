import { PRESENTED_MAX_MS, whenPresented } from '../../../src/app/whenPresented';

/** A browser with Element Timing: its observers, and a way to report an element's frame as shown. */
function elementTimingWindow() {
  const observers: { callback: PerformanceObserverCallback; types: string[]; connected: boolean }[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['element', 'paint'];
    private readonly entry: (typeof observers)[number];
    constructor(callback: PerformanceObserverCallback) {
      this.entry = { callback, types: [], connected: true };
      observers.push(this.entry);
    }
    observe(options: PerformanceObserverInit) {
      this.entry.types.push(options.type ?? '');
    }
    disconnect() {
      this.entry.connected = false;
    }
  }
  const win = Object.assign(Object.create(window) as Window, {
    PerformanceObserver: FakeObserver,
    setTimeout: window.setTimeout.bind(window),
    clearTimeout: window.clearTimeout.bind(window),
    requestAnimationFrame: () => 0,
  });
  const present = (identifier: string) => {
    for (const observer of observers.filter((each) => each.connected && each.types.includes('element'))) {
      const list = { getEntries: () => [{ entryType: 'element', identifier }] } as unknown as PerformanceObserverEntryList;
      observer.callback(list, observer as unknown as PerformanceObserver);
    }
  };
  return { win, present, observers };
}

const settledYet = (promise: Promise<void>) => {
  let settled = false;
  void promise.then(() => (settled = true));
  return async () => {
    await Promise.resolve();
    await Promise.resolve();
    return settled;
  };
};

describe('whenPresented', () => {
  afterEach(() => jest.useRealTimers());

  it('resolves when the browser reports the frame that shows the element, by its identifier', async () => {
    const { win, present, observers } = elementTimingWindow();
    const element = document.createElement('span');
    const settled = settledYet(whenPresented(win, element, 'first-rows'));
    expect(element.getAttribute('elementtiming')).toBe('first-rows');
    present('something-else');
    expect(await settled()).toBe(false);
    present('first-rows');
    expect(await settled()).toBe(true);
    expect(observers.every((observer) => !observer.connected)).toBe(true);
  });

  it('waits for the report no longer than PRESENTED_MAX_MS', async () => {
    jest.useFakeTimers();
    const { win } = elementTimingWindow();
    const settled = settledYet(whenPresented(win, document.createElement('span'), 'first-rows'));
    await jest.advanceTimersByTimeAsync(PRESENTED_MAX_MS - 1);
    expect(await settled()).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(await settled()).toBe(true);
  });

  it('without Element Timing, resolves once the second frame after it has begun', async () => {
    const frames: FrameRequestCallback[] = [];
    const win = Object.assign(Object.create(window) as Window, {
      PerformanceObserver: undefined,
      requestAnimationFrame: (callback: FrameRequestCallback) => frames.push(callback),
    });
    const settled = settledYet(whenPresented(win, document.createElement('span'), 'first-rows'));
    frames.splice(0).forEach((callback) => callback(0));
    expect(await settled()).toBe(false);
    frames.splice(0).forEach((callback) => callback(0));
    expect(await settled()).toBe(true);
  });
});
