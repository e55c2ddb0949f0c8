import { Button } from '@blueprintjs/core';
import { HelpIcon } from '@blueprintjs/icons';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findShownTarget } from './targetOnScreen';
import { TourState } from './TourState';
import { TOUR_STEPS } from './tourSteps';

// The tour's cards over the page (with Blueprint's overlay): their own chunk, loaded when the tour is first started.
const TourOverlay = lazy(() => import(/* webpackChunkName: "tour" */ './TourOverlay').then((m) => ({ default: m.TourOverlay })));

/** The help button in the header: starts the tour of the console and gets the focus back after it. */
export function HelpButton() {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  const [tour] = useState(() => new TourState(TOUR_STEPS, (step) => findShownTarget(step.target) !== null));
  const [started, setStarted] = useState(false);
  const onEnded = useCallback(() => button.current?.focus(), []);
  return (
    <>
      <Button
        ref={button}
        variant="minimal"
        icon={<HelpIcon />}
        aria-label={t('tour.start')}
        title={t('tour.start')}
        onClick={() => {
          setStarted(true);
          tour.start();
        }}
        data-testid="tour-start"
      />
      {started && (
        <Suspense fallback={null}>
          <TourOverlay tour={tour} onEnded={onEnded} />
        </Suspense>
      )}
    </>
  );
}
