import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { DownloadIcon, InboxIcon, PlusIcon, RefreshIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { OrderSort } from '../../domain/model/OrderSort';
import type { OrderStatus } from '../../../shared/OrderStatus';
import { activeFilterCount } from '../../domain/model/activeFilters';
import { ScreenWidth } from '../../domain/ports/ScreenWidth';
import { SessionStore } from '../../domain/ports/SessionStore';
import { NewOrderStore } from '../../domain/stores/NewOrderStore';
import { OrderFacetsStore } from '../../domain/stores/OrderFacetsStore';
import { OrderSelectionStore } from '../../domain/stores/OrderSelectionStore';
import { OrdersExportStore } from '../../domain/stores/OrdersExportStore';
import { OrdersListStore } from '../../domain/stores/OrdersListStore';
import { formatCount } from '../format/formatCount';
import { useService } from '../services/useService';
import { PrimaryToolbar } from '../shell/PrimaryToolbar';
import { ColumnsMenu } from './ColumnsMenu';
import { DateRangeFilter } from './DateRangeFilter';
import { FilterToggle } from './FilterToggle';
import { LiveChangeAnnouncement } from './LiveChangeAnnouncement';
import { OrderBulkBar } from './OrderBulkBar';
import { OrderDetailDrawerLoader } from './OrderDetailDrawerLoader';
import { loadOrderDetailDrawer } from './OrderDetailDrawerModule';
import { OrdersLoadError } from './OrdersLoadError';
import { OrdersTable } from './OrdersTable';
import { PriceFilter } from './PriceFilter';
import { SearchBox } from './SearchBox';
import { StatusFilter } from './StatusFilter';
import { UnsavedEditsCallout } from './UnsavedEditsCallout';
import { useOrderCriteria } from './useOrderCriteria';
import { ViewsMenu } from './ViewsMenu';
import { ValuesFilter } from './ValuesFilter';
import './OrdersPage.css';
import './narrowOrders.css';
import './OrdersPage.dark.css';
import { whenPaintedAndIdle } from '../routing/afterFirstScreen';
import { PrintListButton } from '../print/PrintListButton';
import { PrintRoot } from '../print/PrintRoot';
import { useRouteRendered } from '../routing/useRouteRendered';

/** The "New order" dialog, a chunk of its own: loaded when it is first opened. */
const NewOrderDialog = lazy(() => import(/* webpackChunkName: "new-order" */ './NewOrderDialog').then((m) => ({ default: m.NewOrderDialog })));

/** The phone's cards, a chunk of their own: the desk's first screen does not carry them. */
const OrderCards = lazy(() => import(/* webpackChunkName: "order-cards" */ './OrderCards').then((m) => ({ default: m.OrderCards })));

/** The key that opens the "New order" dialog (outside text fields), as its button's tooltip says. */
const NEW_ORDER_KEY = 'n';

/**
 * The orders workspace: filter, unsaved edits offered back, the virtualized list, export, a new
 * order (button or the key N), and the order beside it.
 */
export const OrdersPage = observer(function OrdersPage() {
  const { t } = useTranslation();
  const list = useService(OrdersListStore);
  const exports = useService(OrdersExportStore);
  const newOrder = useService(NewOrderStore);
  const session = useService<SessionStore>(SessionStore);
  const mayCreate = session.allows('operator');
  const selection = useService(OrderSelectionStore);
  const facets = useService(OrderFacetsStore);
  // On a phone the orders are cards, and the filters sit behind a button so the cards come first.
  const phone = useService<ScreenWidth>(ScreenWidth).current === 'phone';
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
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

  const onSearch = useCallback((q: string) => setCriteria({ q }), [setCriteria]);
  const onStatus = useCallback((status: OrderStatus[]) => setCriteria({ status }), [setCriteria]);
  const onSort = useCallback((sort: OrderSort) => setCriteria({ sort }), [setCriteria]);
  const loadFacets = useCallback(() => void facets.load(), [facets]);
  const onClose = useCallback(() => navigate({ pathname: '/orders', search: location.search }), [navigate, location.search]);

  return (
    <>
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
      {phone && (
        <div className="cockpit-orders-filter-bar">
          <FilterToggle active={activeFilterCount(criteria)} open={filtersOpen} language={session.language} onToggle={() => setFiltersOpen(!filtersOpen)} controls={filtersId} />
        </div>
      )}
      <section className="cockpit-orders-filter" id={filtersId} hidden={phone && !filtersOpen}>
        <ViewsMenu criteria={criteria} onCriteria={setCriteria} />
        <DateRangeFilter />
        <StatusFilter selected={criteria.status} onChange={onStatus} />
        <SearchBox ref={search} value={criteria.q} onChange={onSearch} />
        <ValuesFilter
          label={t('filter.station')}
          values={facets.facets.stations}
          selected={criteria.stations}
          onChange={(stations) => setCriteria({ stations })}
          onOpen={loadFacets}
          failed={facets.state === 'error'}
          testId="station-filter"
        />
        <ValuesFilter
          label={t('filter.service')}
          values={facets.facets.services}
          selected={criteria.services}
          onChange={(services) => setCriteria({ services })}
          onOpen={loadFacets}
          failed={facets.state === 'error'}
          testId="service-filter"
        />
        <PriceFilter min={criteria.priceMin} max={criteria.priceMax} language={session.language} onChange={(priceMin, priceMax) => setCriteria({ priceMin, priceMax })} />
      </section>
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
