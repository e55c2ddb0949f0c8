import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../domain/model/Order';
import { rowTexts } from './rowTexts';

export interface OrderRowProps {
  index: number;
  order: Order | null;
  top: number;
  selected: boolean;
  onOpen(index: number): void;
  onSelect(index: number): void;
}

/**
 * One row of the orders grid; a placeholder while its page loads. Kept plain (a few elements, texts
 * formatted once per order) because dozens of them are redrawn on every scroll frame.
 */
export const OrderRow = memo(function OrderRow({ index, order, top, selected, onOpen, onSelect }: OrderRowProps) {
  const { t, i18n } = useTranslation();
  const className = `cockpit-order-row${selected ? ' cockpit-order-row-selected' : ''}${index % 2 ? ' cockpit-order-row-odd' : ''}`;
  if (!order) {
    return (
      <div role="row" aria-rowindex={index + 2} className={`${className} cockpit-order-row-loading`} style={{ transform: `translateY(${top}px)` }}>
        <div role="gridcell" className="cockpit-order-placeholder" />
      </div>
    );
  }
  const texts = rowTexts(order, i18n.language, t);
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-order-id={order.id}
      className={className}
      style={{ transform: `translateY(${top}px)` }}
      onClick={() => onSelect(index)}
      onDoubleClick={() => onOpen(index)}
    >
      <div role="gridcell">{order.number}</div>
      <div role="gridcell">
        <span className={`cockpit-status cockpit-status-${order.status}`}>{texts.status}</span>
      </div>
      <div role="gridcell">{texts.begin}</div>
      <div role="gridcell">{texts.end}</div>
      <div role="gridcell">{order.station}</div>
      <div role="gridcell">{order.customer.name}</div>
      <div role="gridcell">{order.vehicle.licensePlate}</div>
      <div role="gridcell">{texts.vehicle}</div>
      <div role="gridcell" className="cockpit-order-price">
        {texts.price}
      </div>
    </div>
  );
});
