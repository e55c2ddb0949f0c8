import { action, observable } from 'mobx';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Viewport } from './rowWindow';

/**
 * The scroll position and height of a scrolling element as a MobX observable, updated once per
 * animation frame while it scrolls. Whatever reacts to it (the grid's rows) runs inside that frame,
 * before the browser draws it, and without re-rendering the React component around it.
 *
 * Nothing here reads the layout in the task that mounts the element: there the browser would lay
 * out the whole page at once to answer, the longest part of the orders' first screen's longest
 * task (docs/benchmarks.md#measurements-behind-the-design). The first height is the window's (an upper bound
 * the browser knows without a layout), so the first rows are written with the page and laid out
 * with it in the next frame; the element's own size comes from a ResizeObserver, which the browser
 * calls in that frame once it has laid the page out, and whenever the size changes.
 */
export function useViewport<T extends HTMLElement>() {
  const ref = useRef<T | null>(null);
  const [viewport] = useState(() => observable<Viewport>({ top: 0, height: 0 }));
  const frame = useRef(0);

  const measure = useCallback(
    action(() => {
      frame.current = 0;
      const element = ref.current;
      if (element) {
        viewport.top = element.scrollTop;
        viewport.height = element.clientHeight;
      }
    }),
    [viewport],
  );

  const onScroll = useCallback(() => {
    if (!frame.current) {
      frame.current = requestAnimationFrame(measure);
    }
  }, [measure]);

  useEffect(() => {
    const element = ref.current;
    const view = element?.ownerDocument.defaultView;
    if (!element || !view) {
      return undefined;
    }
    let observer: ResizeObserver | null = null;
    if (typeof view.ResizeObserver === 'function') {
      action(() => {
        viewport.height = view.innerHeight;
      })();
      observer = new view.ResizeObserver(measure);
      observer.observe(element);
    } else {
      measure();
    }
    return () => {
      observer?.disconnect();
      cancelAnimationFrame(frame.current);
    };
  }, [measure, viewport]);

  return { ref, viewport: viewport as Readonly<Viewport>, onScroll };
}
