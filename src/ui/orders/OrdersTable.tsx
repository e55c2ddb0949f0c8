import { Icon } from '@blueprintjs/core';
import { ChevronDownIcon, ChevronUpIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useCallback, useMemo, useRef, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../../shared/Order';
import type { OrderSort, OrderSortKey } from '../../domain/model/OrderSort';
import { ScreenWidth } from '../../domain/ports/ScreenWidth';
import { OrderColumnsStore } from '../../domain/stores/OrderColumnsStore';
import { OrderSelectionStore } from '../../domain/stores/OrderSelectionStore';
import { OrdersListStore } from '../../domain/stores/OrdersListStore';
import { DoubleBookingsStore } from '../../domain/stores/DoubleBookingsStore';
import { useService } from '../services/useService';
import { GRID_COLUMNS, gridTemplate, headerClassName } from './orderGridColumns';
import { MARKED_ROW_NOTE_ID, OrderRowSlots } from './OrderRowSlots';
import { rowGesture } from './rowGesture';
import { ROW_HEIGHT, TOUCH_ROW_HEIGHT } from './rowWindow';
import './OrdersGrid.css';
import './OrdersGrid.dark.css';
import { useOrderRows } from './useOrderRows';
import { useViewport } from './useViewport';

export interface OrdersTableProps {
  sort: OrderSort;
  onSort(sort: OrderSort): void;
  selected: number;
  onSelect(index: number): void;
  onOpen(index: number): void;
  /** Whether orders can be selected for an action on several (check boxes, Ctrl/Cmd- and Shift-click, Space, Ctrl+A). Default: no. */
  multiSelect?: boolean;
}

/**
 * The orders as a virtualized grid: only the rows in view (plus a few) are in the DOM, and the
 * store holds only the pages around them. A click or a tap on a row opens its order (a double click
 * too: its first click); arrow keys move the cursor, Enter opens its order. A row's check box,
 * Ctrl/Cmd-click, Shift-click and Space select orders for an action on several, Ctrl+A all of the
 * filter (`rowGesture` says which click does what).
 *
 * React renders the frame (header, scroll area, keyboard and mouse handling); the rows themselves
 * are written by {@link useOrderRows}, inside the animation frame that scrolled or applied a live change.
 */
export const OrdersTable = observer(function OrdersTable({ sort, onSort, selected, onSelect, onOpen, multiSelect = false }: OrdersTableProps) {
  const { t } = useTranslation();
  const list = useService(OrdersListStore);
  const { ref, viewport, onScroll } = useViewport<HTMLDivElement>();
  const body = useRef<HTMLDivElement | null>(null);
  const rowCount = list.rowCount;

  const selection = useService(OrderSelectionStore);
  const marked = useCallback((id: string) => selection.has(id), [selection]);
  // Each row's check box, named after its order, where orders can be selected.
  const markLabel = useCallback((order: Order) => t('selection.markOrder', { number: order.number }), [t]);
  const { shown: columns } = useService(OrderColumnsStore);
  // Taller rows where a finger takes them (a tablet; a phone shows cards).
  const rowHeight = useService<ScreenWidth>(ScreenWidth).current === 'wide' ? ROW_HEIGHT : TOUCH_ROW_HEIGHT;
  // A double-booked order's mark, named and explained in the language shown.
  const doubleBookings = useService(DoubleBookingsStore);
  const doubleBooked = useCallback((order: Order) => (doubleBookings.has(order.id) ? t('doubleBooking.marker') : null), [doubleBookings, t]);
  useOrderRows(body, list, viewport, selected, marked, columns, rowHeight, multiSelect ? markLabel : null, doubleBooked);

  const moveTo = (index: number) => {
    const next = Math.min(Math.max(index, 0), rowCount - 1);
    onSelect(next);
    const element = ref.current;
    if (element) {
      const top = next * rowHeight;
      if (top < element.scrollTop) {
        element.scrollTop = top;
      } else if (top + rowHeight > element.scrollTop + element.clientHeight) {
        element.scrollTop = top + rowHeight - element.clientHeight;
      }
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const page = Math.max(1, Math.floor((ref.current?.clientHeight ?? rowHeight) / rowHeight) - 1);
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page };
    if (event.key in moves) {
      event.preventDefault();
      moveTo((selected < 0 ? -1 : selected) + (moves[event.key] ?? 0));
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      moveTo(event.key === 'Home' ? 0 : rowCount - 1);
    } else if (event.key === 'Enter' && selected >= 0) {
      event.preventDefault();
      onOpen(selected);
    } else if (multiSelect && event.key === ' ' && selected >= 0) {
      event.preventDefault();
      // The cursor's row, or the row of a check box a screen reader put the focus on.
      selection.toggle(OrderRowSlots.onMark(event.target) ? OrderRowSlots.indexAt(event.target) : selected);
    } else if (multiSelect && event.key.toLowerCase() === 'a' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void selection.selectAll();
    }
  };

  const onRowClick = (event: MouseEvent) => {
    const index = OrderRowSlots.indexAt(event.target);
    if (index < 0) {
      return;
    }
    const { shiftKey, ctrlKey, metaKey, detail } = event;
    const gesture = rowGesture({ onMark: OrderRowSlots.onMark(event.target), shiftKey, ctrlKey, metaKey, detail }, multiSelect);
    if (gesture === 'none') {
      return;
    }
    onSelect(index);
    if (gesture === 'open') {
      onOpen(index);
      return;
    }
    if (gesture === 'toggle') {
      selection.toggle(index);
    } else if (gesture === 'extend') {
      selection.extendTo(index);
    }
    const order = list.rowAt(index);
    OrderRowSlots.showClickedMark(event.target, order !== null && selection.has(order.id));
  };

  // A Shift-click selects rows, not their text; a press on a check box leaves the focus on the grid
  // (one Tab stop, whose Space selects), as any other press in it does.
  const onRowMouseDown = (event: MouseEvent) => {
    if ((multiSelect && event.shiftKey) || OrderRowSlots.onMark(event.target)) {
      event.preventDefault();
      ref.current?.focus({ preventScroll: true });
    }
  };

  // The header is translated once per language, sort and columns, not on every scroll frame.
  const header = useMemo(
    () => (
      <div role="row" className="cockpit-order-row cockpit-order-header" aria-rowindex={1}>
        {columns.map((key) => {
          const column = GRID_COLUMNS[key];
          const active = column.sort !== undefined && sort.key === column.sort;
          return (
            <div
              key={key}
              role="columnheader"
              data-column={key}
              aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : undefined}
              className={headerClassName(key)}
            >
              {column.sort ? (
                <button
                  type="button"
                  className="cockpit-sort-button"
                  onClick={() => onSort({ key: column.sort as OrderSortKey, descending: active ? !sort.descending : false })}
                >
                  {t(`orders.columns.${key}`)}
                  {active && <Icon icon={sort.descending ? <ChevronDownIcon /> : <ChevronUpIcon />} size={12} />}
                </button>
              ) : (
                t(`orders.columns.${key}`)
              )}
            </div>
          );
        })}
      </div>
    ),
    [t, sort, onSort, columns],
  );
  // The rows' grid tracks, inherited by header and rows alike (one inline style on the grid, none per row).
  const template = useMemo(() => gridTemplate(columns), [columns]);

  return (
    <div
      // With check boxes, each row keeps a space for its own before the columns.
      className={multiSelect ? 'cockpit-orders-grid cockpit-orders-grid-marking' : 'cockpit-orders-grid'}
      role="grid"
      aria-label={t('orders.title')}
      aria-rowcount={list.total + 1}
      tabIndex={0}
      onKeyDown={onKeyDown}
      ref={ref}
      onScroll={onScroll}
      data-tour="orders-list"
      style={{ '--order-columns': template } as CSSProperties}
    >
      {header}
      <div
        className="cockpit-orders-body"
        ref={body}
        style={{ height: rowCount * rowHeight, '--row-height': `${rowHeight}px` } as CSSProperties}
        onClick={onRowClick}
        onMouseDown={onRowMouseDown}
      />
      {/* What a marked row's description says (hidden: read only through aria-describedby). */}
      <span id={MARKED_ROW_NOTE_ID} hidden>
        {t('selection.markedRow')}
      </span>
    </div>
  );
});
