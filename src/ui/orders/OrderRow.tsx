import { memo, type CSSProperties } from 'react';
import type { Order } from '../../domain/model/Order';
import type { RowTexts } from './rowTexts';

export const EMPTY_TEXTS: RowTexts = { status: '', begin: '', end: '', vehicle: '', price: '' };

export interface OrderRowProps {
  index: number;
  order: Order | null;
  /** The order's texts (cached per order, so the same object while the order stays the same). */
  texts: RowTexts;
  selected: boolean;
  onOpen(index: number): void;
  onSelect(index: number): void;
}

/**
 * One row of the orders grid; empty while its page loads. Kept plain (a few elements, texts
 * formatted once per order by the grid, no hooks) because dozens of them are redrawn on every scroll frame.
 * A row whose page is loading keeps the same cells, empty, so that filling it in only sets texts.
 */
export const OrderRow = memo(function OrderRow({ index, order, texts, selected, onOpen, onSelect }: OrderRowProps) {
  const className = `cockpit-order-row${selected ? ' cockpit-order-row-selected' : ''}${index % 2 ? ' cockpit-order-row-odd' : ''}`;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-order-id={order?.id}
      className={order ? className : `${className} cockpit-order-row-loading`}
      style={{ '--row-index': index } as CSSProperties}
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
