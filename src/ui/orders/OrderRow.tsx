import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../domain/model/Order';
import { formatDateTime } from '../format/formatDateTime';
import { formatMoney } from '../format/formatMoney';
import { StatusTag } from './StatusTag';

export interface OrderRowProps {
  index: number;
  order: Order | null;
  top: number;
  selected: boolean;
  onOpen(index: number): void;
  onSelect(index: number): void;
}

/** One row of the orders grid; a placeholder while its page loads. */
export const OrderRow = observer(function OrderRow({ index, order, top, selected, onOpen, onSelect }: OrderRowProps) {
  useTranslation();
  const className = `cockpit-order-row${selected ? ' cockpit-order-row-selected' : ''}${index % 2 ? ' cockpit-order-row-odd' : ''}`;
  if (!order) {
    return (
      <div role="row" aria-rowindex={index + 2} className={`${className} cockpit-order-row-loading`} style={{ transform: `translateY(${top}px)` }}>
        <div role="gridcell" className="bp6-skeleton cockpit-order-skeleton" />
      </div>
    );
  }
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
        <StatusTag status={order.status} />
      </div>
      <div role="gridcell">{formatDateTime(order.begin)}</div>
      <div role="gridcell">{formatDateTime(order.end)}</div>
      <div role="gridcell">{order.station}</div>
      <div role="gridcell">{order.customer.name}</div>
      <div role="gridcell">{order.vehicle.licensePlate}</div>
      <div role="gridcell">{`${order.vehicle.make} ${order.vehicle.model}`}</div>
      <div role="gridcell" className="cockpit-order-price">
        {formatMoney(order.price)}
      </div>
    </div>
  );
});
