import { Button, Callout } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../shared/Language';
import { BarRescheduleStore } from '../../domain/stores/BarRescheduleStore';
import { PlanningBoardStore } from '../../domain/stores/PlanningBoardStore';
import { formatDateTimeIn } from '../format/dates';
import { useService } from '../services/useService';

/**
 * Says, politely to screen readers, where the bar being moved would go and how to save or drop it,
 * and tells a viewer why bars do not move.
 */
export const MoveStatus = observer(function MoveStatus() {
  const { t, i18n } = useTranslation();
  const board = useService(PlanningBoardStore);
  const moves = useService(BarRescheduleStore);
  const language = i18n.language as Language;
  const pending = moves.pending;
  const order = pending && board.orders.get(pending.id);
  return (
    <div className="cockpit-planning-status">
      <p role="status" aria-live="polite" data-testid="move-status">
        {order && pending
          ? t('planning.move.pending', {
              number: order.number,
              begin: formatDateTimeIn(pending.begin, language),
              end: formatDateTimeIn(pending.end, language),
              station: pending.station,
            })
          : moves.mayMove
            ? t('planning.move.hint')
            : t('planning.move.viewer')}
      </p>
      {moves.refused === 'viewer' && (
        <Callout intent="warning" role="alert" data-testid="move-refused">
          {t('planning.move.viewer')} <Button variant="minimal" size="small" text={t('planning.move.dismiss')} onClick={() => moves.dismissRefusal()} />
        </Callout>
      )}
    </div>
  );
});
