import { useEffect, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../../shared/Language';
import type { OrderColumn } from '../../../shared/OrderColumn';
import { rememberFirstRowsPlacement } from './firstRowsPlacement';

/**
 * Keeps where the grid `grid` stands and what it shows (`FirstRowsPlacement`) whenever the browser
 * has laid it out anew: from a ResizeObserver, which runs after the layout, so reading the box costs
 * none. The grid fills the page below the filters, so a move of its top (filters that wrap) changes
 * its height too.
 */
export function useFirstRowsPlacement(grid: RefObject<HTMLElement | null>, columns: readonly OrderColumn[], rowHeight: number): void {
  const { i18n } = useTranslation();
  const language = i18n.language;

  useEffect(() => {
    const element = grid.current;
    const view = element?.ownerDocument.defaultView;
    if (!element || !view || typeof view.ResizeObserver !== 'function' || !isLanguage(language)) {
      return undefined;
    }
    const remember = () => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) {
        return;
      }
      rememberFirstRowsPlacement(view.localStorage, {
        window: { width: view.innerWidth, height: view.innerHeight },
        language,
        grid: { top: box.top, left: box.left, width: box.width, height: box.height },
        columns,
        rowHeight,
        dark: element.ownerDocument.body.classList.contains('bp6-dark'),
      });
    };
    const observer = new view.ResizeObserver(remember);
    observer.observe(element);
    return () => observer.disconnect();
  }, [grid, columns, rowHeight, language]);
}
