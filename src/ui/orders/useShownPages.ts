import { reaction } from 'mobx';
import { useEffect } from 'react';
import type { OrdersListStore } from '../../domain/stores/OrdersListStore';
import { ROW_HEIGHT, rowWindow, type Viewport } from './rowWindow';

/**
 * Has the list load the pages of the rows in `viewport` (and drop far ones) as the view moves: a
 * MobX reaction, run inside the animation frame that scrolled. The grid's rows and the phone's cards
 * (rows `rowHeight` high) both window the list this way.
 */
export function useShownPages(list: OrdersListStore, viewport: Readonly<Viewport>, rowHeight: number = ROW_HEIGHT): void {
  useEffect(
    () =>
      reaction(
        () => rowWindow(viewport, list.rowCount, rowHeight),
        ({ first, last }) => list.showRows(first, Math.max(first, last)),
        { fireImmediately: true, equals: (a, b) => a.first === b.first && a.last === b.last },
      ),
    [list, viewport, rowHeight],
  );
}
