import { Button } from '@blueprintjs/core';
import { DownloadIcon, PlusIcon, RefreshIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { SessionStore } from '../../domain/ports/SessionStore';
import { NewOrderStore } from '../../domain/stores/NewOrderStore';
import { OrderSelectionStore } from '../../domain/stores/OrderSelectionStore';
import { OrdersExportStore } from '../../domain/stores/OrdersExportStore';
import { OrdersListStore } from '../../domain/stores/OrdersListStore';
import { formatCount } from '../format/formatCount';
import { PrintListButton } from '../print/PrintListButton';
import { useService } from '../services/useService';
import { PrimaryToolbar } from '../shell/PrimaryToolbar';
import { ColumnsMenu } from './ColumnsMenu';
import { NEW_ORDER_KEY } from './newOrderKey';

export interface OrdersToolbarProps {
  /** Whether the operator may create and mark orders (an operator's role). */
  mayCreate: boolean;
  phone: boolean;
}

/**
 * The orders page's title bar: the count, a new order, select all, export, print, the columns and a
 * refresh. It draws again only when what it shows changes, not when the page does (an order opened,
 * the cursor moved).
 */
export const OrdersToolbar = observer(function OrdersToolbar({ mayCreate, phone }: OrdersToolbarProps) {
  const { t } = useTranslation();
  const list = useService(OrdersListStore);
  const exports = useService(OrdersExportStore);
  const newOrder = useService(NewOrderStore);
  const selection = useService(OrderSelectionStore);
  const session = useService<SessionStore>(SessionStore);
  return (
    <PrimaryToolbar title={t('orders.title')}>
      {list.state === 'ready' && (
        <span className="cockpit-orders-total" data-testid="orders-total">
          {t('orders.total', { count: list.total, formatted: formatCount(list.total, session.language) })}
        </span>
      )}
      <Button
        icon={<PlusIcon />}
        intent="primary"
        text={t('newOrder.open')}
        title={mayCreate ? t('newOrder.shortcut', { key: NEW_ORDER_KEY.toUpperCase() }) : t('newOrder.notAllowed', { operator: t('roles.operator'), role: t(`roles.${session.role}`) })}
        aria-keyshortcuts={NEW_ORDER_KEY}
        disabled={!mayCreate}
        onClick={() => newOrder.open()}
        data-testid="new-order"
      />
      {mayCreate && !phone && (
        <Button
          variant="minimal"
          text={t('selection.selectAll')}
          title={t('selection.selectAllHint')}
          loading={selection.selectingAll}
          disabled={list.state !== 'ready' || list.total === 0}
          onClick={() => void selection.selectAll()}
          data-testid="select-all"
        />
      )}
      <Button variant="minimal" icon={<DownloadIcon />} text={t('orders.export')} loading={exports.exporting} onClick={() => void exports.exportCsv()} />
      {!phone && <PrintListButton />}
      {!phone && <ColumnsMenu />}
      <Button variant="minimal" icon={<RefreshIcon />} text={t('orders.refresh')} onClick={() => void list.reload()} />
    </PrimaryToolbar>
  );
});
