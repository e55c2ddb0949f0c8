import { Button, Callout, Spinner } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { ScreenWidth } from '../../domain/ports/ScreenWidth';
import { BarRescheduleStore } from '../../domain/stores/BarRescheduleStore';
import { DoubleBookingsStore } from '../../domain/stores/DoubleBookingsStore';
import { OrderChangeAuthors } from '../../domain/stores/OrderChangeAuthors';
import { PlanningBoardStore } from '../../domain/stores/PlanningBoardStore';
import { ConflictView } from '../orders/ConflictDialog';
import { DoubleBookingDialog } from '../orders/DoubleBookingDialog';
import { useOrderCriteria } from '../orders/useOrderCriteria';
import { useRouteRendered } from '../routing/useRouteRendered';
import { useService } from '../services/useService';
import { PrimaryToolbar } from '../shell/PrimaryToolbar';
import { PlanningBoard } from './PlanningBoard';
import { PlanningDayList } from './PlanningDayList';
import { MoveStatus } from './MoveStatus';
import { PlanningFilters } from './PlanningFilters';
import '../orders/OrdersPage.css';
import './PlanningPage.css';

/**
 * The planning board: the list's filters (the same days, kept, and criteria, in the URL), then the
 * stations' rows over the days (or one day's hours). A bar opens its order beside the list; moved
 * with the keyboard, it is saved as the order's detail saves (a conflict shows the same view,
 * naming who saved first). Bars are marked as the list's rows are: booked twice, changed by whom. A
 * phone shows one day as a list per station (`PlanningDayList`).
 */
export const PlanningPage = observer(function PlanningPage() {
  const { t } = useTranslation();
  const board = useService(PlanningBoardStore);
  const moves = useService(BarRescheduleStore);
  const doubleBookings = useService(DoubleBookingsStore);
  const authors = useService(OrderChangeAuthors);
  // A phone shows one day as a list per station instead of the grid.
  const phone = useService<ScreenWidth>(ScreenWidth).current === 'phone';
  const [criteria, setCriteria] = useOrderCriteria();
  const navigate = useNavigate();
  const location = useLocation();
  useRouteRendered();

  useEffect(() => board.setCriteria(criteria), [board, criteria]);

  useEffect(() => {
    board.start();
    return () => board.dispose();
  }, [board]);

  // The marks of double bookings, read for the days shown and again after live changes, as the list's.
  useEffect(() => {
    void doubleBookings.start();
    return () => doubleBookings.dispose();
  }, [doubleBookings]);

  const open = useCallback((id: string) => navigate({ pathname: `/orders/${id}`, search: location.search }), [navigate, location.search]);

  return (
    <>
      <PrimaryToolbar title={t('planning.title')}>{board.state === 'loading' && <Spinner size={16} aria-label={t('planning.loading')} />}</PrimaryToolbar>
      <PlanningFilters criteria={criteria} onCriteria={setCriteria} />
      {board.state === 'error' ? (
        <Callout intent="danger" title={t('planning.loadFailed')} role="alert" className="cockpit-planning-error">
          <Button intent="primary" text={t('orders.retry')} onClick={() => void board.load()} />
        </Callout>
      ) : phone ? (
        <PlanningDayList onOpen={open} />
      ) : (
        <>
          <MoveStatus />
          <div className="cockpit-planning-scroll">
            <PlanningBoard onOpen={open} />
          </div>
        </>
      )}
      <ConflictView source={moves} authorOf={(order) => authors.of(order)} />
      <DoubleBookingDialog question={moves.doubleBooking} onOpenOrder={open} />
    </>
  );
});
