import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { WarningSignIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { DoubleBookingQuestion } from '../../domain/stores/DoubleBookingQuestion';
import { formatDateTime } from '../format/formatDateTime';

export interface DoubleBookingDialogProps {
  question: DoubleBookingQuestion;
  /** Opens the other order (the question is dropped first, the edit stays). */
  onOpenOrder(id: string): void;
  /** Saves anyway; by default the question sends the write again, confirmed. */
  onConfirm?(): void;
}

/**
 * A save or a new order the backend refused because the vehicle is booked in another order at an
 * overlapping time: names that order (its number opens it, its times in the operator's language)
 * and asks whether to save anyway. Cancel sends nothing and keeps the edit; the focus starts there.
 */
export const DoubleBookingDialog = observer(function DoubleBookingDialog({ question, onOpenOrder, onConfirm = () => void question.confirm() }: DoubleBookingDialogProps) {
  const { t, i18n } = useTranslation();
  const other = question.other;
  return (
    <Dialog
      isOpen={other !== null}
      title={t('doubleBooking.title')}
      icon={<WarningSignIcon />}
      onClose={() => question.cancel()}
      // Above the new order's dialog and the order panel, whichever asked.
      portalClassName="cockpit-double-booking-portal"
      data-testid="double-booking-dialog"
    >
      <DialogBody>
        <p>{t('doubleBooking.explanation')}</p>
        {other && (
          <p className="cockpit-double-booking-other">
            <Button
              variant="minimal"
              intent="primary"
              text={other.number}
              aria-label={t('doubleBooking.openOther', { number: other.number })}
              onClick={() => {
                question.cancel();
                onOpenOrder(other.id);
              }}
              data-testid="double-booking-other"
            />{' '}
            <span data-testid="double-booking-times">
              {t('doubleBooking.times', { begin: formatDateTime(other.begin, i18n.language), end: formatDateTime(other.end, i18n.language) })}
            </span>
          </p>
        )}
        <p>{t('doubleBooking.question')}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('doubleBooking.cancel')} onClick={() => question.cancel()} autoFocus data-testid="double-booking-cancel" />
            <Button intent="warning" text={t('doubleBooking.confirm')} onClick={onConfirm} data-testid="double-booking-confirm" />
          </>
        }
      />
    </Dialog>
  );
});
