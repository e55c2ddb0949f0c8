import { Button } from '@blueprintjs/core';
import { WarningSignIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import type { CSSProperties, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../../shared/Order';
import { nextStatuses } from '../../../shared/OrderStatus';
import { SessionStore } from '../../domain/ports/SessionStore';
import { DoubleBookingsStore } from '../../domain/stores/DoubleBookingsStore';
import { OrdersListStore } from '../../domain/stores/OrdersListStore';
import { OrderStatusMovesStore } from '../../domain/stores/OrderStatusMovesStore';
import { useService } from '../services/useService';
import { cardTexts } from './cardTexts';
import { DOUBLE_BOOKED_MARK_CLASS } from './doubleBookingMark';
import { rowWindow } from './rowWindow';
import { useShownPages } from './useShownPages';
import { useViewport } from './useViewport';
import './OrderCards.css';
import './OrderCards.dark.css';

/** Height of one card with the gap below it, in pixels: the cards are virtualized on it as the grid is on its rows. */
export const CARD_HEIGHT = 224;

export interface OrderCardsProps {
  /** Opens the order at `index` (its drawer). */
  onOpen(index: number): void;
}

/**
 * The orders of the list as cards, for a phone: number, time, customer, car and plate, station and
 * service, price in the language, the status as a word and, for an operator, the moves its life
 * cycle allows. Only the cards in view (plus a few) are in the DOM, as the grid's rows are
 * (`rowWindow`, `useViewport`, `useShownPages`): the list holds only the pages around them.
 * A tap on a card opens its order, as a click on a row of the grid does; its number is the button
 * that opens it for the keyboard and a screen reader.
 */
export const OrderCards = observer(function OrderCards({ onOpen }: OrderCardsProps) {
  const { t } = useTranslation();
  const list = useService(OrdersListStore);
  const { ref, viewport, onScroll } = useViewport<HTMLDivElement>();
  useShownPages(list, viewport, CARD_HEIGHT);
  const { first, last } = rowWindow(viewport, list.rowCount, CARD_HEIGHT);
  const cards = [];
  for (let index = first; index <= last; index++) {
    cards.push(<OrderCard key={index} index={index} total={list.total} order={list.rowAt(index)} onOpen={onOpen} />);
  }
  return (
    <div className="cockpit-order-cards" ref={ref} onScroll={onScroll} data-testid="order-cards" data-tour="order-cards">
      <ol
        className="cockpit-order-cards-body"
        aria-label={t('orders.title')}
        style={{ height: list.rowCount * CARD_HEIGHT, '--card-height': `${CARD_HEIGHT}px` } as CSSProperties}
      >
        {cards}
      </ol>
    </div>
  );
});

interface OrderCardProps {
  index: number;
  /** How many orders the list has. */
  total: number;
  /** Null while its page loads. */
  order: Order | null;
  onOpen(index: number): void;
}

const OrderCard = observer(function OrderCard({ index, total, order, onOpen }: OrderCardProps) {
  const { t, i18n } = useTranslation();
  const session = useService<SessionStore>(SessionStore);
  const moves = useService(OrderStatusMovesStore);
  const doubleBookings = useService(DoubleBookingsStore);
  const style = { '--row-index': index } as CSSProperties;
  if (!order) {
    return <li className="cockpit-order-card cockpit-order-card-loading" style={style} aria-busy="true" />;
  }
  const texts = cardTexts(order, i18n.language);
  const mayMove = session.allows('operator');
  const moving = moves.isMoving(order.id);
  // A tap anywhere on the card opens it, except on its moves (or between them, where a finger
  // missed one); its number's button opens it by itself. The tap that ends a double tap adds nothing.
  const onCardClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (event.detail > 1 || target?.closest('button, .cockpit-order-card-moves')) {
      return;
    }
    onOpen(index);
  };
  return (
    <li className="cockpit-order-card" style={style} data-order-id={order.id} aria-posinset={index + 1} aria-setsize={total} onClick={onCardClick}>
      <div className="cockpit-order-card-head">
        <button type="button" className="cockpit-order-card-number" onClick={() => onOpen(index)} aria-label={t('orders.cards.open', { number: order.number })}>
          {order.number}
        </button>
        <span className={`cockpit-status cockpit-status-${order.status}`} data-testid="card-status">
          {t(`status.${order.status}`)}
        </span>
        {doubleBookings.has(order.id) && (
          <span className={DOUBLE_BOOKED_MARK_CLASS} role="img" aria-label={t('doubleBooking.marker')} title={t('doubleBooking.marker')}>
            <WarningSignIcon />
          </span>
        )}
      </div>
      <div className="cockpit-order-card-time">{texts.time}</div>
      <div className="cockpit-order-card-line">{order.customer.name}</div>
      <div className="cockpit-order-card-line">{texts.car}</div>
      <div className="cockpit-order-card-line">{texts.place}</div>
      <div className="cockpit-order-card-price">{texts.price}</div>
      {mayMove && (
        <div className="cockpit-order-card-moves">
          {nextStatuses(order.status).map((status) => (
            <Button
              key={status}
              intent={status === 'cancelled' ? 'danger' : 'primary'}
              variant={status === 'cancelled' ? 'outlined' : 'solid'}
              text={t(`orderDetail.moveTo.${status}`)}
              disabled={moving}
              onClick={() => void moves.move(order, status)}
              data-move-to={status}
            />
          ))}
        </div>
      )}
    </li>
  );
});
