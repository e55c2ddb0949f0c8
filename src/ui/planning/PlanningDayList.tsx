import { Button } from '@blueprintjs/core';
import { ChevronLeftIcon, ChevronRightIcon, WarningSignIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../shared/Language';
import type { Order } from '../../../shared/Order';
import type { LocalDate } from '../../domain/model/LocalDate';
import { OrdersFilterStore } from '../../domain/stores/OrdersFilterStore';
import { PlanningBoardStore } from '../../domain/stores/PlanningBoardStore';
import { PlanningDayStore } from '../../domain/stores/PlanningDayStore';
import { formatLocalDate } from '../format/dates';
import { useService } from '../services/useService';
import { DOUBLE_BOOKED_MARK_CLASS } from '../orders/doubleBookingMark';
import { useBarMarks } from './BarMarks';
import { dayListTime } from './dayListTime';
import './PlanningDayList.css';
import '../orders/OrdersGrid.css';
import '../orders/OrdersGrid.dark.css';

export interface PlanningDayListProps {
  /** Opens order `id` (the orders page's drawer). */
  onOpen(id: string): void;
}

/**
 * The board on a phone: one day (`PlanningDayStore`) as a list per station, each station a heading
 * with its orders of the day in time order; an order is a button that opens it (tap or Enter), saying
 * its times, number, customer and status as a word on the status's colour. A range of more than a day
 * is walked a day at a time. Bars are not moved here: the opened order's fields change its times.
 */
export const PlanningDayList = observer(function PlanningDayList({ onOpen }: PlanningDayListProps) {
  const { t, i18n } = useTranslation();
  const days = useService(PlanningDayStore);
  const board = useService(PlanningBoardStore);
  const filter = useService(OrdersFilterStore);
  const language = i18n.language as Language;
  const titleId = useId();
  const day = days.day;
  const title = `${new Intl.DateTimeFormat(language, { weekday: 'long' }).format(new Date(`${day}T12:00`))}, ${formatLocalDate(day, language)}`;
  const walk = filter.range.begin !== filter.range.end;
  return (
    <section className="cockpit-planning-day" aria-labelledby={titleId} aria-busy={board.state === 'loading'} data-testid="planning-day-list" data-day={day}>
      <div className="cockpit-planning-day-nav">
        {walk && <Button className="cockpit-planning-day-step" variant="minimal" icon={<ChevronLeftIcon />} aria-label={t('planning.day.previous')} disabled={!days.hasPrevious} onClick={() => days.previous()} data-testid="previous-day" />}
        <h2 id={titleId} className="cockpit-planning-day-title" aria-live="polite">
          {title}
        </h2>
        {walk && <Button className="cockpit-planning-day-step" variant="minimal" icon={<ChevronRightIcon />} aria-label={t('planning.day.next')} disabled={!days.hasNext} onClick={() => days.next()} data-testid="next-day" />}
      </div>
      {days.stations.map(({ station, orders }) => (
        <section key={station} className="cockpit-planning-day-station" data-station={station} aria-label={station}>
          <h3 className="cockpit-planning-day-station-name">{station}</h3>
          {orders.length === 0 ? (
            <p className="cockpit-planning-day-empty">{t('planning.day.empty')}</p>
          ) : (
            <ul className="cockpit-planning-day-orders">
              {orders.map((order) => (
                <DayOrder key={order.id} order={order} day={day} language={language} onOpen={onOpen} />
              ))}
            </ul>
          )}
        </section>
      ))}
    </section>
  );
});

interface DayOrderProps {
  order: Order;
  day: LocalDate;
  language: Language;
  onOpen(id: string): void;
}

/** An order of the day; marked as the board's bars are: booked twice (a sign named by its text), changed by whom. */
const DayOrder = observer(function DayOrder({ order, day, language, onOpen }: DayOrderProps) {
  const { t } = useTranslation();
  const board = useService(PlanningBoardStore);
  const marks = useBarMarks()(order, board.changedElsewhere.has(order.id));
  return (
    <li>
      <button type="button" className="cockpit-planning-day-order" data-order-id={order.id} onClick={() => onOpen(order.id)}>
        <span className="cockpit-planning-day-time">{dayListTime(order, day, language)}</span>
        <span className="cockpit-planning-day-number">{order.number}</span>
        <span className="cockpit-planning-day-customer">{order.customer.name}</span>
        <span className={`cockpit-status cockpit-status-${order.status}`}>{t(`status.${order.status}`)}</span>
        {marks.doubleBooked && (
          <span className={DOUBLE_BOOKED_MARK_CLASS} role="img" aria-label={marks.doubleBooked} title={marks.doubleBooked}>
            <WarningSignIcon />
          </span>
        )}
        {marks.changedBy && <span className="cockpit-planning-day-author">{marks.changedBy}</span>}
      </button>
    </li>
  );
});
