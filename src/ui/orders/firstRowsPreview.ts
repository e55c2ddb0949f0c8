import type { Language } from '../../../shared/Language';
import type { OrderPage } from '../../../shared/Order';
import { ordersTexts } from '../locales/ordersTexts';
// The grid's own rules, in this chunk too: the rows are drawn before the orders page's chunk is evaluated.
import './OrdersGrid.css';
import './OrdersGrid.dark.css';
import { rememberedFirstRowsPlacement, type FirstRowsPlacement } from './firstRowsPlacement';
import { GRID_COLUMNS, gridTemplate, headerClassName } from './orderGridColumns';
import { OrderRowSlots } from './OrderRowSlots';
import { rowTexts } from './rowTexts';

/** The first rows drawn before the console exists; `remove` takes them away (the console's own are there). */
export interface FirstRowsPreview {
  element: HTMLElement;
  remove(): void;
}

/** A text of the orders page in `language`, read from its texts as they are, before i18next exists. */
export function previewText(language: Language, key: string): string {
  let value: unknown = ordersTexts[language];
  for (const part of key.split('.')) {
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
  }
  return typeof value === 'string' ? value : key;
}

/**
 * Draws the first rows of `page` over the page, before React, the libraries and the container are
 * evaluated (about a second at 4× CPU throttling): where the grid stood the last time this browser
 * showed it in a window of this size and this language (`FirstRowsPlacement`), with its columns,
 * row height and theme, in the grid's own row elements and styles (`OrderRowSlots`, the orders
 * page's style sheet), so that the console's rows take their place without a move.
 *
 * It is a picture, not the grid: hidden from assistive technology (the console's grid, which comes
 * a moment later, is what a screen reader reads), with nothing to focus, and covering the page
 * being made beneath so that nothing half-made shows or takes a click. Null, and nothing drawn,
 * without a placement for this window or without orders.
 */
export function paintFirstRowsPreview(doc: Document, page: OrderPage, language: Language): FirstRowsPreview | null {
  const view = doc.defaultView;
  if (!view || page.items.length === 0) {
    return null;
  }
  const placement = rememberedFirstRowsPlacement(view.localStorage, { width: view.innerWidth, height: view.innerHeight }, language);
  if (!placement) {
    return null;
  }
  const element = doc.createElement('div');
  element.className = placement.dark ? 'cockpit-first-rows bp6-dark' : 'cockpit-first-rows';
  element.setAttribute('aria-hidden', 'true');
  element.append(grid(doc, page, language, placement));
  doc.body.append(element);
  return { element, remove: () => element.remove() };
}

function grid(doc: Document, page: OrderPage, language: Language, { grid: box, columns, rowHeight }: FirstRowsPlacement): HTMLElement {
  const element = doc.createElement('div');
  element.className = 'cockpit-orders-grid';
  Object.assign(element.style, { top: `${box.top}px`, left: `${box.left}px`, width: `${box.width}px`, height: `${box.height}px` });
  element.style.setProperty('--order-columns', gridTemplate(columns));

  const header = doc.createElement('div');
  header.className = 'cockpit-order-row cockpit-order-header';
  for (const column of columns) {
    const cell = doc.createElement('div');
    const className = headerClassName(column);
    if (className) {
      cell.className = className;
    }
    const label = doc.createElement('span');
    // As the header's sort buttons look (`OrdersTable`), without being one.
    if (GRID_COLUMNS[column].sort) {
      label.className = 'cockpit-sort-button';
    }
    label.textContent = previewText(language, `orders.columns.${column}`);
    cell.append(label);
    header.append(cell);
  }

  // The rows the box shows: below the header, which is a row high.
  const shown = Math.min(page.items.length, Math.max(1, Math.ceil(box.height / rowHeight)));
  const body = doc.createElement('div');
  body.className = 'cockpit-orders-body';
  body.style.height = `${page.total * rowHeight}px`;
  body.style.setProperty('--row-height', `${rowHeight}px`);
  const t = (key: string) => previewText(language, key);
  new OrderRowSlots(body, columns).render(
    { first: 0, last: shown - 1, slots: shown + (shown % 2) },
    (index) => {
      const order = page.items[index] ?? null;
      return { order, texts: order ? rowTexts(order, language, t) : null };
    },
    -1,
  );
  element.append(header, body);
  // A picture has no rows or cells: the roles the row elements carry for the console's grid go.
  for (const part of body.querySelectorAll('[role]')) {
    part.removeAttribute('role');
  }
  return element;
}
