/** The longest `whenPresented` waits for the browser to say so: an element it does not paint (a hidden tab) is waited for no longer. */
export const PRESENTED_MAX_MS = 250;

/** Resolves when the next frame begins. */
export const nextFrame = (win: Window): Promise<void> => new Promise((resolve) => win.requestAnimationFrame(() => resolve()));

/** An Element Timing entry: the identifier given to the element, and when its frame was shown. */
interface ElementTiming extends PerformanceEntry {
  identifier: string;
}

/**
 * Resolves once the browser has shown the frame that paints `element`'s text, as it reports it with
 * Element Timing (the frame's presentation, which comes later than the frames begin: the painted
 * frame is still to be drawn and sent to the screen, tens of milliseconds at 4× CPU throttling),
 * `element` being given `elementtiming` = `identifier` before it is painted. Where the browser does
 * not report it, once the second frame after it has begun; and after `PRESENTED_MAX_MS` at most.
 */
export function whenPresented(win: Window, element: Element, identifier: string): Promise<void> {
  const Observer = (win as Window & { PerformanceObserver?: typeof PerformanceObserver }).PerformanceObserver;
  if (!Observer?.supportedEntryTypes?.includes('element')) {
    return nextFrame(win).then(() => nextFrame(win));
  }
  return new Promise((resolve) => {
    const observer = new Observer((list) => {
      if ((list.getEntries() as ElementTiming[]).some((entry) => entry.identifier === identifier)) {
        done();
      }
    });
    const timer = win.setTimeout(() => done(), PRESENTED_MAX_MS);
    const done = () => {
      observer.disconnect();
      win.clearTimeout(timer);
      resolve();
    };
    observer.observe({ type: 'element', buffered: true });
    element.setAttribute('elementtiming', identifier);
  });
}
