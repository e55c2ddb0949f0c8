import type { Order } from '../../../shared/Order';
import type { OrderColumn } from '../../../shared/OrderColumn';
import type { OrderSortKey } from '../../domain/model/OrderSort';
import type { RowTexts } from './rowTexts';

/** How the grid shows one column: its header's sort, its width, and its cells. */
export interface GridColumn {
  /** The list's sort its header switches, if any. */
  sort?: OrderSortKey;
  /** Its track in the grid's `grid-template-columns`. */
  width: string;
  /** The text of its cell, read from the order and its texts. */
  text(order: Order, texts: RowTexts): string;
  /** The class of its cells (clipped, right-aligned); the header's cell takes it too, but for the clipping. */
  className?: string;
  /** Its text stands in a status tag (`cockpit-status`, coloured by the order's status). */
  tag?: boolean;
}

const CLIP = 'cockpit-order-clip';
const AMOUNT = 'cockpit-order-price';

/**
 * Every column the grid can show. Only the columns whose texts have no bounded length are clipped
 * (with an ellipsis): every clipping box costs the browser work on every frame, and the other
 * columns are wide enough for what they show.
 */
export const GRID_COLUMNS: Readonly<Record<OrderColumn, GridColumn>> = {
  number: { sort: 'number', width: '140px', text: (order) => order.number },
  status: { sort: 'status', width: '120px', text: (_, texts) => texts.status, tag: true },
  begin: { sort: 'begin', width: '140px', text: (_, texts) => texts.begin },
  end: { width: '140px', text: (_, texts) => texts.end },
  station: { width: 'minmax(100px, 1fr)', text: (order) => order.station, className: CLIP },
  service: { width: 'minmax(100px, 1fr)', text: (order) => order.service, className: CLIP },
  customer: { width: 'minmax(140px, 1.4fr)', text: (order) => order.customer.name, className: CLIP },
  licensePlate: { width: '120px', text: (order) => order.vehicle.licensePlate },
  vehicle: { width: 'minmax(120px, 1.2fr)', text: (_, texts) => texts.vehicle, className: CLIP },
  price: { sort: 'price', width: '110px', text: (_, texts) => texts.price, className: AMOUNT },
};

/** The class of a column's header cell: right-aligned as its cells; every header cell clips anyway. */
export function headerClassName(column: OrderColumn): string | undefined {
  const { className } = GRID_COLUMNS[column];
  return className === CLIP ? undefined : className;
}

/** The grid's `grid-template-columns` for `columns` (set as `--order-columns` on the grid). */
export function gridTemplate(columns: readonly OrderColumn[]): string {
  return columns.map((column) => GRID_COLUMNS[column].width).join(' ');
}
