import { useCallback, useEffect, useRef, useState } from 'react';

export interface Viewport {
  top: number;
  height: number;
}

/**
 * The scroll position and height of a scrolling element, updated at most once per frame, so that a
 * virtualized list renders only the rows in view.
 */
export function useViewport<T extends HTMLElement>() {
  const ref = useRef<T | null>(null);
  const [viewport, setViewport] = useState<Viewport>({ top: 0, height: 0 });
  const frame = useRef(0);

  const measure = useCallback(() => {
    frame.current = 0;
    const element = ref.current;
    if (element) {
      setViewport((previous) =>
        previous.top === element.scrollTop && previous.height === element.clientHeight
          ? previous
          : { top: element.scrollTop, height: element.clientHeight },
      );
    }
  }, []);

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

  return { ref, viewport, onScroll };
}
