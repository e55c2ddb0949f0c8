import { action, observable } from 'mobx';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Viewport } from './rowWindow';

/**
 * The scroll position and height of a scrolling element as a MobX observable, updated once per
 * animation frame while it scrolls. Whatever reacts to it (the grid's rows) runs inside that frame,
 * before the browser draws it, and without re-rendering the React component around it.
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
    if (!element) {
      return undefined;
    }
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      cancelAnimationFrame(frame.current);
    };
  }, [measure]);

  return { ref, viewport: viewport as Readonly<Viewport>, onScroll };
}
