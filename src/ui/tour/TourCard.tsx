import { Button, Card, Elevation, H4 } from '@blueprintjs/core';
import { ArrowLeftIcon, ArrowRightIcon, CrossIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TourState } from './TourState';
import { useTourLayout } from './useTourLayout';

/**
 * The shown step: its target highlighted, and beside it a card with title, text, "2 / 4" and
 * Back/Next/Done. Without any target on screen, a centred note says so.
 */
export const TourCard = observer(function TourCard({ tour }: { tour: TourState }) {
  const { t, i18n } = useTranslation();
  const card = useRef<HTMLDivElement>(null);
  const primary = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  const layout = useTourLayout(tour, card, i18n.language);
  const step = tour.current;
  const progress = tour.progress();

  // Each step puts the focus on its main button, so Enter walks the tour and Esc ends it.
  useEffect(() => {
    primary.current?.focus();
  }, [step]);

  return (
    <>
      {layout.spot ? (
        <div
          className="cockpit-tour-spotlight"
          aria-hidden="true"
          style={{ top: layout.spot.top, left: layout.spot.left, width: layout.spot.width, height: layout.spot.height }}
        />
      ) : (
        <div className="cockpit-tour-shade" aria-hidden="true" />
      )}
      <Card
        ref={card}
        elevation={Elevation.THREE}
        className={step ? 'cockpit-tour-card' : 'cockpit-tour-card cockpit-tour-card-centred'}
        style={layout.card ?? undefined}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        data-testid="tour-card"
      >
        <div className="cockpit-tour-card-header">
          <H4 id={titleId}>{step ? t(step.title) : t('tour.title')}</H4>
          <Button variant="minimal" size="small" icon={<CrossIcon />} aria-label={t('tour.close')} onClick={() => tour.close()} />
        </div>
        <p id={textId}>{step ? t(step.text) : t('tour.nothingToShow')}</p>
        <div className="cockpit-tour-card-footer">
          {progress && (
            <span className="cockpit-tour-counter" data-testid="tour-counter">
              {t('tour.counter', { position: progress.position, total: progress.total })}
            </span>
          )}
          {progress && <Button text={t('tour.back')} icon={<ArrowLeftIcon />} disabled={progress.first} onClick={() => tour.back()} />}
          {progress && !progress.last ? (
            <Button ref={primary} intent="primary" text={t('tour.next')} endIcon={<ArrowRightIcon />} onClick={() => tour.next()} />
          ) : (
            <Button ref={primary} intent="primary" text={t('tour.done')} onClick={() => tour.close()} />
          )}
        </div>
      </Card>
    </>
  );
});
