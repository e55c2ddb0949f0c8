import { Button, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { OrdersListStore } from '../../domain/stores/OrdersListStore';
import { formatDateTime } from '../format/formatDateTime';
import { useService } from '../services/useService';
import { PrimaryToolbar } from '../shell/PrimaryToolbar';
import { StatusTag } from './StatusTag';
import './OrdersPage.css';

/** The tenant's orders, newest first (the first page). */
export const OrdersPage = observer(function OrdersPage() {
  const { t } = useTranslation();
  const list = useService(OrdersListStore);

  useEffect(() => {
    void list.load();
  }, [list]);

  return (
    <>
      <PrimaryToolbar title={t('orders.title')}>
        {list.state === 'ready' && <span className="cockpit-orders-total">{t('orders.total', { count: list.total })}</span>}
        <Button variant="minimal" icon="refresh" text={t('orders.refresh')} onClick={() => void list.load()} loading={list.state === 'loading'} />
      </PrimaryToolbar>
      <section className="cockpit-orders">
        {list.state === 'loading' && list.items.length === 0 && <NonIdealState icon={<Spinner />} title={t('orders.loading')} />}
        {list.state === 'error' && (
          <NonIdealState
            icon="error"
            title={t('orders.loadFailed')}
            description={t(list.errorKey ?? 'errors.unexpected')}
            action={<Button intent="primary" text={t('orders.retry')} onClick={() => void list.load()} />}
          />
        )}
        {list.state === 'ready' && list.items.length === 0 && (
          <NonIdealState icon="inbox" title={t('orders.empty')} description={t('orders.emptyHint')} />
        )}
        {list.items.length > 0 && list.state !== 'error' && (
          <HTMLTable className="cockpit-orders-table" striped interactive compact>
            <thead>
              <tr>
                <th>{t('orders.columns.number')}</th>
                <th>{t('orders.columns.status')}</th>
                <th>{t('orders.columns.begin')}</th>
                <th>{t('orders.columns.end')}</th>
                <th>{t('orders.columns.customer')}</th>
                <th>{t('orders.columns.licensePlate')}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((order) => (
                <tr key={order.id} data-order-id={order.id}>
                  <td>{order.number}</td>
                  <td>
                    <StatusTag status={order.status} />
                  </td>
                  <td>{formatDateTime(order.begin)}</td>
                  <td>{formatDateTime(order.end)}</td>
                  <td>{order.customer.name}</td>
                  <td>{order.vehicle.licensePlate}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </section>
    </>
  );
});
