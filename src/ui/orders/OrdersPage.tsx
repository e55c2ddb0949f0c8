import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { DownloadIcon, InboxIcon, RefreshIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { OrderSort } from '../../domain/model/OrderSort';
import type { OrderStatus } from '../../../shared/OrderStatus';
import { OrdersExportStore } from '../../domain/stores/OrdersExportStore';
import { OrdersListStore } from '../../domain/stores/OrdersListStore';
import { useService } from '../services/useService';
import { PrimaryToolbar } from '../shell/PrimaryToolbar';
import { DateRangeFilter } from './DateRangeFilter';
import { OrderDetailDrawerLoader } from './OrderDetailDrawerLoader';
import { loadOrderDetailDrawer } from './OrderDetailDrawerModule';
import { OrdersLoadError } from './OrdersLoadError';
import { OrdersTable } from './OrdersTable';
import { SearchBox } from './SearchBox';
import { StatusFilter } from './StatusFilter';
import { UnsavedEditsCallout } from './UnsavedEditsCallout';
import { useOrderCriteria } from './useOrderCriteria';
import './OrdersPage.css';
import { whenPaintedAndIdle } from '../routing/afterFirstScreen';
import { useRouteRendered } from '../routing/useRouteRendered';

/** The orders workspace: filter, unsaved edits offered back, the virtualized list, export, and the order beside it. */
export const OrdersPage = observer(function OrdersPage() {
  const { t } = useTranslation();
  const list = useService(OrdersListStore);
  const exports = useService(OrdersExportStore);
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

  useEffect(() => setSelected(-1), [list.query]);

  // The order drawer's chunk when the browser is idle after the first rows have painted, so the
  // first order opened draws at once (opening one earlier loads it then).
  const rowsShown = list.state === 'ready';
  useEffect(() => {
    if (rowsShown) {
      whenPaintedAndIdle(window, () => void loadOrderDetailDrawer().catch(() => undefined));
    }
  }, [rowsShown]);

  useEffect(() => {
    const focusSearch = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target?.closest('input, textarea, select, [contenteditable="true"]');
      if (event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        search.current?.focus();
      }
    };
    document.addEventListener('keydown', focusSearch);
    return () => document.removeEventListener('keydown', focusSearch);
  }, []);

  const open = useCallback(
    (index: number) => {
      const order = list.rowAt(index);
      if (order) {
        setSelected(index);
        navigate({ pathname: `/orders/${order.id}`, search: location.search });
      }
    },
    [list, navigate, location.search],
  );

  const onSearch = useCallback((q: string) => setCriteria({ q }), [setCriteria]);
  const onStatus = useCallback((status: OrderStatus[]) => setCriteria({ status }), [setCriteria]);
  const onSort = useCallback((sort: OrderSort) => setCriteria({ sort }), [setCriteria]);
  const onClose = useCallback(() => navigate({ pathname: '/orders', search: location.search }), [navigate, location.search]);

  return (
    <>
      <PrimaryToolbar title={t('orders.title')}>
        {list.state === 'ready' && (
          <span className="cockpit-orders-total" data-testid="orders-total">
            {t('orders.total', { count: list.total })}
          </span>
        )}
        <Button variant="minimal" icon={<DownloadIcon />} text={t('orders.export')} loading={exports.exporting} onClick={() => void exports.exportCsv()} />
        <Button variant="minimal" icon={<RefreshIcon />} text={t('orders.refresh')} onClick={() => void list.reload()} />
      </PrimaryToolbar>
      <section className="cockpit-orders-filter">
        <DateRangeFilter />
        <StatusFilter selected={criteria.status} onChange={onStatus} />
        <SearchBox ref={search} value={criteria.q} onChange={onSearch} />
      </section>
      <UnsavedEditsCallout />
      <section className="cockpit-orders" aria-busy={list.state === 'loading'}>
        {list.state === 'loading' && list.rowCount === 0 && <Spinner className="cockpit-orders-spinner" size={24} aria-label={t('orders.loading')} />}
        {list.state === 'error' && <OrdersLoadError />}
        {list.state === 'ready' && list.total === 0 && <NonIdealState icon={<InboxIcon />} title={t('orders.empty')} description={t('orders.emptyHint')} />}
        {/* The grid stays mounted while a new query loads, so a filter change only swaps its rows. */}
        {list.state !== 'error' && !(list.state === 'ready' && list.total === 0) && (
          <OrdersTable
            sort={criteria.sort}
            onSort={onSort}
            selected={selected}
            onSelect={setSelected}
            onOpen={open}
          />
        )}
      </section>
      <OrderDetailDrawerLoader orderId={id ?? null} onClose={onClose} />
    </>
  );
});
