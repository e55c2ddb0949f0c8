import type { Order } from '../../../shared/Order';
import type { OrderColumn } from '../../../shared/OrderColumn';
import { GRID_COLUMNS, type GridColumn } from './orderGridColumns';
import type { RowWindow } from './rowWindow';
import type { RowTexts } from './rowTexts';

/** What the grid shows in one row: an order with its texts, or nothing yet (its page is loading). */
export interface RowContent {
  order: Order | null;
  texts: RowTexts | null;
  /** The order is among those selected for an action on several (`OrderSelectionStore`). */
  marked?: boolean;
}

/** One row element, its cells' text nodes, and what they show now. */
interface Slot {
  element: HTMLDivElement;
  texts: Text[];
  /** What each cell's text node shows (kept here: reading a node's text back costs a string each time). */
  values: string[];
  /** The status cell's tag, or null when the status column is not shown. */
  status: HTMLSpanElement | null;
  /** The row shown, or -1. */
  index: number;
  order: Order | null | undefined;
  rowTexts: RowTexts | null;
  selected: boolean | null;
  className: string;
}

/**
 * The row elements of the orders grid, written directly rather than rendered by React: scrolling
 * hands the rows entering the view to the elements that left it, and a live change rewrites only
 * the cells whose text changed. This runs inside the animation frame that scrolled (or applied the
 * change), costs no component render, and allocates next to nothing, so that a cheap laptop keeps
 * every frame short.
 *
 * Each element keeps its slot (`index % slots`) and stays where it is among its siblings; rows are
 * positioned by `--row-index` and carry `aria-rowindex`, so their order in the DOM is free.
 * Elements not needed (a list shorter than the view) are taken out and put back when needed.
 *
 * The cells are those of `columns`, in their order (`GRID_COLUMNS` says how each shows); other
 * columns take other row elements: a new `OrderRowSlots`, so scrolling never asks which columns.
 */
/**
 * The id of the grid's note that a marked row names as its description (`aria-describedby`), so a
 * screen reader tells the mark that the row's tint and bar show (WCAG 1.4.1, 1.3.1).
 */
export const MARKED_ROW_NOTE_ID = 'cockpit-marked-row-note';

export class OrderRowSlots {
  private readonly slots: Slot[] = [];
  private readonly cells: readonly GridColumn[];

  constructor(
    private readonly body: HTMLElement,
    columns: readonly OrderColumn[],
  ) {
    this.cells = columns.map((column) => GRID_COLUMNS[column]);
  }

  /** Shows the rows of `window`, each as `contentOf(index)` gives it, `selected` marked. */
  render(window: RowWindow, contentOf: (index: number) => RowContent, selected: number): void {
    while (this.slots.length < window.slots) {
      this.slots.push(this.createSlot());
    }
    while (this.slots.length > window.slots) {
      this.slots.pop()?.element.remove();
    }
    const used = new Array<boolean>(window.slots).fill(false);
    for (let index = window.first; index <= window.last; index++) {
      const position = index % window.slots;
      const slot = this.slots[position];
      if (slot) {
        used[position] = true;
        this.show(slot, index, contentOf(index), index === selected);
      }
    }
    this.slots.forEach((slot, position) => {
      if (!used[position] && slot.element.isConnected) {
        slot.element.remove();
        slot.index = -1;
      }
    });
  }

  /** The row index of the row element holding `target`, or -1. */
  static indexAt(target: EventTarget | null): number {
    const row = target instanceof Element ? target.closest('[data-row-index]') : null;
    return row ? Number(row.getAttribute('data-row-index')) : -1;
  }

  dispose(): void {
    for (const slot of this.slots.splice(0)) {
      slot.element.remove();
    }
  }

  private createSlot(): Slot {
    const element = document.createElement('div');
    element.setAttribute('role', 'row');
    let status: HTMLSpanElement | null = null;
    const texts = this.cells.map(({ className, tag }) => {
      const cell = document.createElement('div');
      cell.setAttribute('role', 'gridcell');
      if (className) {
        cell.className = className;
      }
      const text = document.createTextNode('');
      if (tag) {
        status = document.createElement('span');
        status.className = 'cockpit-status';
        status.append(text);
        cell.append(status);
      } else {
        cell.append(text);
      }
      element.append(cell);
      return text;
    });
    return { element, texts, values: this.cells.map(() => ''), status, index: -1, order: undefined, rowTexts: null, selected: null, className: '' };
  }

  private show(slot: Slot, index: number, content: RowContent, selected: boolean): void {
    const { element } = slot;
    const moved = slot.index !== index;
    if (moved) {
      slot.index = index;
      element.setAttribute('aria-rowindex', String(index + 2));
      element.setAttribute('data-row-index', String(index));
      element.style.setProperty('--row-index', String(index));
    }
    // Attributes are written only when their value changes: each write costs style and
    // accessibility work even when it sets what was there.
    if (slot.selected !== selected) {
      slot.selected = selected;
      element.setAttribute('aria-selected', String(selected));
    }
    const className =
      `cockpit-order-row${index % 2 ? ' cockpit-order-row-odd' : ''}${selected ? ' cockpit-order-row-selected' : ''}` +
      `${content.marked ? ' cockpit-order-row-marked' : ''}${content.order ? '' : ' cockpit-order-row-loading'}`;
    if (slot.className !== className) {
      slot.className = className;
      element.className = className;
      if (content.marked) {
        element.setAttribute('data-marked', 'true');
        element.setAttribute('aria-describedby', MARKED_ROW_NOTE_ID);
      } else {
        element.removeAttribute('data-marked');
        element.removeAttribute('aria-describedby');
      }
    }
    if (slot.order !== content.order || slot.rowTexts !== content.texts) {
      this.fill(slot, content);
    }
    if (!element.isConnected) {
      this.body.append(element);
    }
  }

  private fill(slot: Slot, { order, texts }: RowContent): void {
    if (order?.id !== slot.order?.id) {
      if (order) {
        slot.element.setAttribute('data-order-id', order.id);
      } else {
        slot.element.removeAttribute('data-order-id');
      }
    }
    if (slot.status && order?.status !== slot.order?.status) {
      slot.status.className = order ? `cockpit-status cockpit-status-${order.status}` : 'cockpit-status';
    }
    this.cells.forEach((cell, column) => {
      const value = order && texts ? cell.text(order, texts) : '';
      const text = slot.texts[column];
      if (text && slot.values[column] !== value) {
        slot.values[column] = value;
        text.data = value;
      }
    });
    slot.order = order;
    slot.rowTexts = texts;
  }
}
