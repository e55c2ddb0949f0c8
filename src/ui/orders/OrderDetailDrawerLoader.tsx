import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { CrossIcon, ErrorIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderDetailStore } from '../../domain/stores/OrderDetailStore';
import { useService } from '../services/useService';
import type { OrderDetailDrawerProps } from './OrderDetailDrawer';
import { loadedOrderDetailDrawer, loadOrderDetailDrawer, type OrderDetailDrawerModule } from './OrderDetailDrawerModule';
import './OrderDetailDrawerLoader.css';

/**
 * Where the order drawer goes in the page. It opens and closes the order in `OrderDetailStore`
 * as `orderId` says, so the order is asked for while the drawer's chunk is still on its way; the
 * drawer itself comes with its chunk, and until then (a slow network) a panel in its place says
 * that the order is loading, or that the drawer could not be loaded, with a retry.
 */
export const OrderDetailDrawerLoader = observer(function OrderDetailDrawerLoader({ orderId, onClose }: OrderDetailDrawerProps) {
  const detail = useService(OrderDetailStore);
  const [arrived, setArrived] = useState<OrderDetailDrawerModule | null>(null);
  const [failed, setFailed] = useState(false);
  // Preloaded (idle, or an order opened before): drawn in the render that opens it.
  const drawer = arrived ?? loadedOrderDetailDrawer();
  const wanted = orderId !== null;

  useEffect(() => {
    if (orderId) {
      void detail.open(orderId);
    } else {
      detail.close();
    }
  }, [detail, orderId]);

  useEffect(() => {
    if (!wanted || drawer || failed) {
      return undefined;
    }
    let current = true;
    loadOrderDetailDrawer().then(
      (module) => current && setArrived(module),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [wanted, drawer, failed]);

  if (drawer) {
    return <drawer.OrderDetailDrawer orderId={orderId} onClose={onClose} />;
  }
  return wanted ? <OrderDetailDrawerPending failed={failed} onRetry={() => setFailed(false)} onClose={onClose} /> : null;
});

interface OrderDetailDrawerPendingProps {
  failed: boolean;
  onRetry(): void;
  onClose(): void;
}

/** The drawer's place while its chunk is on its way, or after it failed to arrive. */
function OrderDetailDrawerPending({ failed, onRetry, onClose }: OrderDetailDrawerPendingProps) {
  const { t } = useTranslation();
  const title = failed ? t('orderDetail.loadFailed') : t('orderDetail.loading');
  return (
    <aside className="cockpit-order-detail-pending" aria-label={title} aria-busy={!failed} data-testid="order-detail-pending">
      <Button className="cockpit-order-detail-pending-close" variant="minimal" icon={<CrossIcon />} aria-label={t('orderDetail.close')} onClick={onClose} />
      {failed ? (
        <NonIdealState icon={<ErrorIcon />} title={title} action={<Button text={t('orders.retry')} onClick={onRetry} />} />
      ) : (
        <NonIdealState icon={<Spinner />} title={title} />
      )}
    </aside>
  );
}
