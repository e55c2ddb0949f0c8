import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../domain/model/Order';
import { rowTexts, type RowTexts } from './rowTexts';

const EMPTY_TEXTS: RowTexts = { status: '', begin: '', end: '', vehicle: '', price: '' };

export interface OrderRowProps {
  index: number;
  order: Order | null;
  top: number;
  selected: boolean;
  onOpen(index: number): void;
  onSelect(index: number): void;
}

/**
 * One row of the orders grid; empty while its page loads. Kept plain (a few elements, texts
 * formatted once per order) because dozens of them are redrawn on every scroll frame.
 */
export const OrderRow = memo(function OrderRow({ index, order, top, selected, onOpen, onSelect }: OrderRowProps) {
  const { t, i18n } = useTranslation();
  const className = `cockpit-order-row${selected ? ' cockpit-order-row-selected' : ''}${index % 2 ? ' cockpit-order-row-odd' : ''}`;
  // A row whose page is loading keeps the same cells, empty, so that filling it in only sets texts.
  const texts = order ? rowTexts(order, i18n.language, t) : EMPTY_TEXTS;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-order-id={order?.id}
      className={order ? className : `${className} cockpit-order-row-loading`}
      style={{ transform: `translateY(${top}px)` }}
      onClick={() => onSelect(index)}
      onDoubleClick={() => onOpen(index)}
    >
      <div role="gridcell">{order?.number}</div>
      <div role="gridcell">
        <span className={order ? `cockpit-status cockpit-status-${order.status}` : 'cockpit-status'}>{texts.status}</span>
      </div>
      <div role="gridcell">{texts.begin}</div>
      <div role="gridcell">{texts.end}</div>
      <div role="gridcell">{order?.station}</div>
      <div role="gridcell">{order?.customer.name}</div>
      <div role="gridcell">{order?.vehicle.licensePlate}</div>
      <div role="gridcell">{texts.vehicle}</div>
      <div role="gridcell" className="cockpit-order-price">
        {texts.price}
      </div>
    </div>
  );
});
