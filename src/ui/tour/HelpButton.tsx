import { Button } from '@blueprintjs/core';
import { HelpIcon } from '@blueprintjs/icons';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findShownTarget } from './targetOnScreen';
import { TourOverlay } from './TourOverlay';
import { TourState } from './TourState';
import { TOUR_STEPS } from './tourSteps';

/** The help button in the header: starts the tour of the console and gets the focus back after it. */
export function HelpButton() {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  const [tour] = useState(() => new TourState(TOUR_STEPS, (step) => findShownTarget(step.target) !== null));
  const onEnded = useCallback(() => button.current?.focus(), []);
  return (
    <>
      <Button
        ref={button}
        variant="minimal"
        icon={<HelpIcon />}
        aria-label={t('tour.start')}
        title={t('tour.start')}
        onClick={() => tour.start()}
        data-testid="tour-start"
      />
      <TourOverlay tour={tour} onEnded={onEnded} />
    </>
  );
}
