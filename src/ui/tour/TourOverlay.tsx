import { Overlay2 } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { TourCard } from './TourCard';
import type { TourState } from './TourState';
import './Tour.css';

export interface TourOverlayProps {
  tour: TourState;
  /** Called once the tour has ended and the overlay has let go of the focus. */
  onEnded(): void;
}

/**
 * The running tour over the page: modal, the focus kept inside, ArrowRight/ArrowLeft to move and
 * Esc to end (Overlay2 turns Esc into onClose). The page behind stays dimmed but for the target.
 */
export const TourOverlay = observer(function TourOverlay({ tour, onEnded }: TourOverlayProps) {
  const content = useRef<HTMLDivElement>(null);
  const wasRunning = useRef(false);

  // Overlay2 is a child, so its effects (releasing the focus trap) have run when this one runs.
  useEffect(() => {
    if (wasRunning.current && !tour.running) {
      onEnded();
    }
    wasRunning.current = tour.running;
  }, [tour.running, onEnded]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      tour.next();
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      tour.back();
    }
  };

  return (
    <Overlay2
      isOpen={tour.running}
      onClose={() => tour.close()}
      childRef={content}
      backdropClassName="cockpit-tour-backdrop"
      canOutsideClickClose={false}
      // The card puts the focus on its main button and the help button takes it back: Overlay2's
      // own deferred autofocus could land after a quick close and pull the focus into the leaving overlay.
      autoFocus={false}
      shouldReturnFocusOnClose={false}
      transitionDuration={150}
    >
      <div ref={content} className="cockpit-tour" onKeyDown={onKeyDown}>
        <TourCard tour={tour} />
      </div>
    </Overlay2>
  );
});
