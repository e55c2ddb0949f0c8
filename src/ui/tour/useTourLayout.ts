import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { clipToViewport, placeCard } from './placeCard';
import { findShownTarget, viewportSize, type Box } from './targetOnScreen';
import type { TourState } from './TourState';

/** Room between the target and the edge of its highlight. */
const SPOT_PADDING = 4;

export interface TourLayout {
  /** The highlight around the target, in viewport coordinates; null without a target. */
  spot: Box | null;
  /** Where the card goes; null without a target (the card is then centred). */
  card: { top: number; left: number } | null;
}

const NO_LAYOUT: TourLayout = { spot: null, card: null };

/**
 * Measures the step's target and the card and places both, again after every resize and scroll
 * (scrolling inner panes too, hence the capture listener). The tour settles first, so that a
 * step whose target has gone is left before anything is measured. `content` changes when the
 * card's size may have (its language).
 */
export function useTourLayout(tour: TourState, card: RefObject<HTMLElement | null>, content: unknown): TourLayout {
  const step = tour.current;
  const [layout, setLayout] = useState<TourLayout>(NO_LAYOUT);
  const [frame, setFrame] = useState(0);

  useEffect(() => {
    let pending = 0;
    const schedule = () => {
      cancelAnimationFrame(pending);
      pending = requestAnimationFrame(() => setFrame((count) => count + 1));
    };
    window.addEventListener('resize', schedule);
    document.addEventListener('scroll', schedule, true);
    return () => {
      cancelAnimationFrame(pending);
      window.removeEventListener('resize', schedule);
      document.removeEventListener('scroll', schedule, true);
    };
  }, []);

  useLayoutEffect(() => {
    tour.settle();
    const shown = tour.current;
    const target = shown ? findShownTarget(shown.target) : null;
    if (!target) {
      setLayout(NO_LAYOUT);
      return;
    }
    const viewport = viewportSize();
    const rect = target.getBoundingClientRect();
    const spot = clipToViewport(
      {
        top: rect.top - SPOT_PADDING,
        left: rect.left - SPOT_PADDING,
        width: rect.width + 2 * SPOT_PADDING,
        height: rect.height + 2 * SPOT_PADDING,
      },
      viewport,
    );
    const size = { width: card.current?.offsetWidth ?? 0, height: card.current?.offsetHeight ?? 0 };
    setLayout({ spot, card: placeCard(spot, size, viewport) });
  }, [tour, step, card, content, frame]);

  return layout;
}
