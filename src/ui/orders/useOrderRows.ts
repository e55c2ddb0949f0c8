import { autorun } from 'mobx';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../../shared/Order';
import type { OrderColumn } from '../../../shared/OrderColumn';
import type { OrdersListStore } from '../../domain/stores/OrdersListStore';
import { useRaiseToBoundary } from '../errors/useRaiseToBoundary';
import { OrderRowSlots, type MarkLabel } from './OrderRowSlots';
import { ROW_HEIGHT, rowWindow, type Viewport } from './rowWindow';
import { rowTexts } from './rowTexts';
import { useShownPages } from './useShownPages';

/**
 * Keeps the rows of the grid body `body` in step with the list: the store loads the pages of the
 * rows in view (and drops far ones) as the view moves, and {@link OrderRowSlots} writes the rows
 * again whenever the view, the orders in it, the language, the cursor or the orders selected (`marked`) change. Both are MobX
 * reactions, so they run inside the animation frame that scrolled (`viewport`) or applied a live
 * change, without rendering the component that uses this hook. Other `columns` (a new array) take
 * new row elements, written at once. Rows are `rowHeight` high (taller on a tablet, for a finger).
 * With `markLabel`, each row has a check box for the selection, named by it (null: none).
 * `doubleBooked` says what the mark of a double-booked order says (null: not booked twice).
 */
export function useOrderRows(
  body: RefObject<HTMLElement | null>,
  list: OrdersListStore,
  viewport: Readonly<Viewport>,
  selected: number,
  marked: (id: string) => boolean,
  columns: readonly OrderColumn[],
  rowHeight: number = ROW_HEIGHT,
  markLabel: MarkLabel | null = null,
  doubleBooked: (order: Order) => string | null = () => null,
): void {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const raise = useRaiseToBoundary();

  useShownPages(list, viewport, rowHeight);

  // The row elements live as long as the body, its columns and whether they have check boxes.
  const marking = markLabel !== null;
  const rows = useRef<OrderRowSlots | null>(null);
  useEffect(() => {
    const slots = body.current && new OrderRowSlots(body.current, columns, marking);
    rows.current = slots;
    return () => {
      slots?.dispose();
      rows.current = null;
    };
  }, [body, columns, marking]);

  useEffect(() => {
    const slots = rows.current;
    if (!slots) {
      return undefined;
    }
    return autorun(
      () => {
        slots.render(
          rowWindow(viewport, list.rowCount, rowHeight),
          (index) => {
            const order = list.rowAt(index);
            return {
              order,
              texts: order ? rowTexts(order, language, t) : null,
              marked: order ? marked(order.id) : false,
              doubleBooked: order ? doubleBooked(order) : null,
            };
          },
          selected,
          markLabel,
        );
      },
      // A row that cannot be drawn fails the page as a render error would.
      { onError: raise },
    );
    // `columns`, `marking`: new row elements to write into.
  }, [list, viewport, language, t, selected, marked, raise, columns, rowHeight, markLabel, marking, doubleBooked]);
}
