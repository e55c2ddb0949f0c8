import { Button, Callout } from '@blueprintjs/core';
import { DownloadIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { SessionStore } from '../../domain/ports/SessionStore';
import { OrderSelectionStore } from '../../domain/stores/OrderSelectionStore';
import { OrdersExportStore } from '../../domain/stores/OrdersExportStore';
import { formatCount } from '../format/formatCount';
import { useService } from '../services/useService';

/**
 * The orders selected for an action on several: how many, the statuses they can move to (each
 * order moves only where its life cycle allows, and only as the operator saw it), their CSV export
 * and clearing the selection. What the last move left untouched is listed with the reason, order by order.
 */
export const OrderBulkBar = observer(function OrderBulkBar() {
  const { t } = useTranslation();
  const selection = useService(OrderSelectionStore);
  const session = useService<SessionStore>(SessionStore);
  const exports = useService(OrdersExportStore);
  return (
    <>
      {selection.count > 0 && (
        <section className="cockpit-bulk-bar" aria-label={t('selection.count', { count: selection.count, formatted: formatCount(selection.count, session.language) })} data-testid="bulk-bar">
          <strong role="status">{t('selection.count', { count: selection.count, formatted: formatCount(selection.count, session.language) })}</strong>
          <span className="cockpit-bulk-actions">
            <span>{t('selection.moveTo')}</span>
            {selection.targets.map((status) => (
              <Button
                key={status}
                size="small"
                intent={status === 'cancelled' ? 'danger' : 'primary'}
                variant={status === 'cancelled' ? 'outlined' : 'solid'}
                text={t(`orderDetail.moveTo.${status}`)}
                loading={selection.moving}
                disabled={selection.moving}
                onClick={() => void selection.move(status)}
              />
            ))}
          </span>
          <Button
            size="small"
            variant="minimal"
            icon={<DownloadIcon />}
            text={t('selection.export')}
            loading={exports.exporting}
            onClick={() => void exports.exportSelection([...selection.selected.keys()])}
            data-testid="export-selection"
          />
          <Button size="small" variant="minimal" text={t('selection.clear')} disabled={selection.moving} onClick={() => selection.clear()} />
        </section>
      )}
      {selection.refused.length > 0 && (
        <Callout intent="warning" title={t('selection.reportTitle')} className="cockpit-bulk-report" data-testid="bulk-report">
          <ul>
            {selection.refused.map((refused) => (
              <li key={refused.id}>{t('selection.reportItem', { number: refused.number, message: refused.message })}</li>
            ))}
          </ul>
          <Button size="small" text={t('selection.closeReport')} onClick={() => selection.closeReport()} />
        </Callout>
      )}
    </>
  );
});
