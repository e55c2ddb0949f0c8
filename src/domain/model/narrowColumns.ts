import type { OrderColumn } from '../../../shared/OrderColumn';

/**
 * The columns the orders grid shows by default on a tablet or a phone, where the desk's nine do not
 * fit: what an operator at the counter looks an order up by.
 */
export const NARROW_ORDER_COLUMNS: readonly OrderColumn[] = ['number', 'status', 'begin', 'customer', 'licensePlate'];

/** Why the grid shows fewer columns than on the desk: the window is a tablet's or a phone's. */
export type ColumnsNarrowed = 'tablet' | 'phone';
