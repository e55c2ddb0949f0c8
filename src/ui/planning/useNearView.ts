import { useLayoutEffect, useState, type RefObject } from 'react';
import { isNearView, NEAR_VIEW_PX } from './nearView';

/** The element the board scrolls in (PlanningPage); the window when there is none. */
const SCROLL_AREA = '.cockpit-planning-scroll';

/**
 * Whether `element` lies in or near the board's visible area: asked once as it is drawn (before the
 * browser shows it), then kept by an IntersectionObserver on the scrolling area with a margin of
 * {@link NEAR_VIEW_PX}. Without IntersectionObserver always near.
 */
export function useNearView(element: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useLayoutEffect(() => {
    const target = element.current;
    if (!target) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const root = target.closest<HTMLElement>(SCROLL_AREA);
    const area = root?.getBoundingClientRect() ?? { top: 0, bottom: window.innerHeight };
    setNear(isNearView(target.getBoundingClientRect(), area));
    const observer = new IntersectionObserver(
      (entries) => {
        const last = entries.at(-1);
        if (last) setNear(last.isIntersecting);
      },
      { root, rootMargin: `${NEAR_VIEW_PX}px 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return near;
}
