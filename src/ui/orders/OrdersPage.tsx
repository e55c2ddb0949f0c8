import { NonIdealState, Spinner } from '@blueprintjs/core';
import { InboxIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { OrderSort } from '../../domain/model/OrderSort';
import { ScreenWidth } from '../../domain/ports/ScreenWidth';
import { SessionStore } from '../../domain/ports/SessionStore';
import { NewOrderStore } from '../../domain/stores/NewOrderStore';
import { OrdersListStore } from '../../domain/stores/OrdersListStore';
import { useService } from '../services/useService';
import { LiveChangeAnnouncement } from './LiveChangeAnnouncement';
import { OrderBulkBar } from './OrderBulkBar';
import { OrderDetailDrawerLoader } from './OrderDetailDrawerLoader';
import { loadOrderDetailDrawer } from './OrderDetailDrawerModule';
import { OrdersLoadError } from './OrdersLoadError';
import { loadOrderCards } from './orderCardsModule';
import { OrdersFilters } from './OrdersFilters';
import { OrdersTable } from './OrdersTable';
import { NEW_ORDER_KEY } from './newOrderKey';
import { OrdersToolbar } from './OrdersToolbar';
import { UnsavedEditsCallout } from './UnsavedEditsCallout';
import { useOrderCriteria } from './useOrderCriteria';
import './OrdersPage.css';
import './narrowOrders.css';
import './OrdersPage.dark.css';
import { afterNextPaint } from '../routing/afterFirstScreen';
import { PrintRoot } from '../print/PrintRoot';
import { useRouteRendered } from '../routing/useRouteRendered';
import { DoubleBookingsStore } from '../../domain/stores/DoubleBookingsStore';

/** The "New order" dialog, a chunk of its own: loaded when it is first opened. */
const NewOrderDialog = lazy(() => import(/* webpackChunkName: "new-order" */ './NewOrderDialog').then((m) => ({ default: m.NewOrderDialog })));

/** The phone's cards (`loadOrderCards`). */
const OrderCards = lazy(() => loadOrderCards().then((m) => ({ default: m.OrderCards })));

/**
 * The orders workspace: filter, unsaved edits offered back, the virtualized list, export, a new
 * order (button or the key N), and the order beside it.
 */
export const OrdersPage = observer(function OrdersPage() {
  const { t } = useTranslation();
  const list = useService(OrdersListStore);
  const doubleBookings = useService(DoubleBookingsStore);
  const newOrder = useService(NewOrderStore);
  const session = useService<SessionStore>(SessionStore);
  const mayCreate = session.allows('operator');
  // On a phone the orders are cards, and the filters sit behind a button so the cards come first.
  const phone = useService<ScreenWidth>(ScreenWidth).current === 'phone';
  // The grid (or the cards) stays mounted while a new query loads, so a filter change only swaps its rows.
  const hasRows = list.state !== 'error' && !(list.state === 'ready' && list.total === 0);
  // Once opened, the dialog stays mounted (closed), so that it closes with its transition.
  const dialogOpened = useRef(false);
  dialogOpened.current ||= newOrder.isOpen;
  const [criteria, setCriteria] = useOrderCriteria();
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const [selected, setSelected] = useState(-1);
  const search = useRef<HTMLInputElement>(null);
  useRouteRendered();

  useEffect(() => {
    list.setCriteria(criteria);
  }, [list, criteria]);

  useEffect(() => {
    list.start();
    return () => list.dispose();
  }, [list]);

  useEffect(() => {
    void doubleBookings.start();
    return () => doubleBookings.dispose();
  }, [doubleBookings]);

  useEffect(() => setSelected(-1), [list.query]);

  // The order drawer's chunk once the frame that paints the first rows is done, so the first order
  // opened draws at once (opening one earlier loads it then): the operator's likely next step goes
  // before what waits for an idle browser (telemetry, the service worker).
  const rowsShown = list.state === 'ready';
  useEffect(() => {
    if (rowsShown) {
      afterNextPaint(window, () => void loadOrderDetailDrawer().catch(() => undefined));
    }
  }, [rowsShown]);

  useEffect(() => {
    const focusSearch = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target?.closest('input, textarea, select, [contenteditable="true"]');
      if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === '/') {
        event.preventDefault();
        search.current?.focus();
      } else if (event.key.toLowerCase() === NEW_ORDER_KEY && mayCreate && !newOrder.isOpen) {
        event.preventDefault();
        newOrder.open();
      }
    };
    document.addEventListener('keydown', focusSearch);
    return () => document.removeEventListener('keydown', focusSearch);
  }, [mayCreate, newOrder]);

  const open = useCallback(
    (index: number) => {
      const order = list.rowAt(index);
      if (order) {
        setSelected(index);
        // The order open already stays open: another click on its row adds no step to the history.
        if (order.id !== id) {
          navigate({ pathname: `/orders/${order.id}`, search: location.search });
        }
      }
    },
    [list, navigate, location.search, id],
  );

  const onSort = useCallback((sort: OrderSort) => setCriteria({ sort }), [setCriteria]);
  const onClose = useCallback(() => navigate({ pathname: '/orders', search: location.search }), [navigate, location.search]);

  return (
    <>
      <OrdersToolbar mayCreate={mayCreate} phone={phone} />
      <OrdersFilters criteria={criteria} onCriteria={setCriteria} phone={phone} search={search} />
      <UnsavedEditsCallout />
      <OrderBulkBar />
      <section className="cockpit-orders" aria-busy={list.state === 'loading'}>
        {list.state === 'loading' && list.rowCount === 0 && <Spinner className="cockpit-orders-spinner" size={24} aria-label={t('orders.loading')} />}
        {list.state === 'error' && <OrdersLoadError />}
        {list.state === 'ready' && list.total === 0 && <NonIdealState icon={<InboxIcon />} title={t('orders.empty')} description={t('orders.emptyHint')} />}
        {hasRows && phone && (
          <Suspense fallback={<Spinner className="cockpit-orders-spinner" size={24} aria-label={t('orders.loading')} />}>
            <OrderCards onOpen={open} />
          </Suspense>
        )}
        {hasRows && !phone && (
          <OrdersTable
            sort={criteria.sort}
            onSort={onSort}
            selected={selected}
            onSelect={setSelected}
            onOpen={open}
            multiSelect={mayCreate}
          />
        )}
      </section>
      <LiveChangeAnnouncement />
      <OrderDetailDrawerLoader orderId={id ?? null} onClose={onClose} />
      <PrintRoot orderId={id ?? null} />
      {dialogOpened.current && (
        <Suspense fallback={null}>
          <NewOrderDialog />
        </Suspense>
      )}
    </>
  );
});
