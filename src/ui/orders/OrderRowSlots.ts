import type { Order } from '../../../shared/Order';
import type { OrderColumn } from '../../../shared/OrderColumn';
import { showDoubleBookedMark } from './doubleBookingMark';
import { GRID_COLUMNS, type GridColumn } from './orderGridColumns';
import type { RowWindow } from './rowWindow';
import type { RowTexts } from './rowTexts';

/** What the grid shows in one row: an order with its texts, or nothing yet (its page is loading). */
export interface RowContent {
  order: Order | null;
  texts: RowTexts | null;
  /** The order is among those selected for an action on several (`OrderSelectionStore`). */
  marked?: boolean;
  /** What the mark of a double-booked order says, or null (absent) when it is not booked twice. */
  doubleBooked?: string | null;
}

/** One row element, its cells' text nodes, and what they show now. */
interface Slot {
  element: HTMLDivElement;
  texts: Text[];
  /** What each cell's text node shows (kept here: reading a node's text back costs a string each time). */
  values: string[];
  /** The status cell's tag, or null when the status column is not shown. */
  status: HTMLSpanElement | null;
  /** The row's check box (selected for an action on several), or null where orders cannot be selected. */
  mark: HTMLInputElement | null;
  /** Whether the check box shows its order selected. */
  marked: boolean | null;
  /** The order number and the labelling the check box's name was written for. */
  markNumber: string | null;
  markLabeller: MarkLabel | null;
  /** The row shown, or -1. */
  index: number;
  order: Order | null | undefined;
  rowTexts: RowTexts | null;
  selected: boolean | null;
  className: string;
  /** What the row's double-booking mark says now (null: none). */
  doubleBooked: string | null;
}

/** The accessible name of a row's check box, from its order (in the language shown). */
export type MarkLabel = (order: Order) => string;

/** The class of the box around a row's check box, which takes the click beside it too. */
export const MARK_CLASS = 'cockpit-order-mark';

/**
 * The id of the grid's note that a marked row names as its description (`aria-describedby`), so a
 * screen reader tells the mark that the row's tint and bar show (WCAG 1.4.1, 1.3.1).
 */
export const MARKED_ROW_NOTE_ID = 'cockpit-marked-row-note';

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
 *
 * With `marking`, each row's first cell holds its check box (selected for an action on several),
 * drawn in the row's space before the columns (`cockpit-orders-grid-marking`), so the cells stay
 * those of the columns: checked as the row is marked, named by `markLabel` (the order's number, in
 * the language), out of the Tab order (the grid is one Tab stop; Space selects the cursor's row).
 */
export class OrderRowSlots {
  private readonly slots: Slot[] = [];
  private readonly cells: readonly GridColumn[];
  private markLabel: MarkLabel | null = null;

  constructor(
    private readonly body: HTMLElement,
    columns: readonly OrderColumn[],
    private readonly marking = false,
  ) {
    this.cells = columns.map((column) => GRID_COLUMNS[column]);
  }

  /**
   * Shows the rows of `window`, each as `contentOf(index)` gives it, `selected` as the cursor; the
   * check boxes (with `marking`) are named by `markLabel`.
   */
  render(window: RowWindow, contentOf: (index: number) => RowContent, selected: number, markLabel: MarkLabel | null = null): void {
    this.markLabel = markLabel;
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

  /** Whether `target` is a row's check box or the box around it. */
  static onMark(target: EventTarget | null): boolean {
    return target instanceof Element && target.closest(`.${MARK_CLASS}`) !== null;
  }

  /**
   * Makes a check box that was clicked show `marked`: the browser has already turned it over, and
   * the selection may have refused (too many orders), leaving the row as it was.
   */
  static showClickedMark(target: EventTarget | null, marked: boolean): void {
    if (target instanceof HTMLInputElement && target.type === 'checkbox' && target.checked !== marked) {
      target.checked = marked;
    }
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
    const mark = this.marking && element.firstElementChild ? this.createMark(element.firstElementChild) : null;
    return {
      element,
      texts,
      values: this.cells.map(() => ''),
      status,
      mark,
      marked: null,
      markNumber: null,
      markLabeller: null,
      index: -1,
      order: undefined,
      rowTexts: null,
      selected: null,
      className: '',
      doubleBooked: null,
    };
  }

  /** The check box in its box, put first in the row's first `cell`: the whole box takes the click, for a finger too. */
  private createMark(cell: Element): HTMLInputElement {
    const box = document.createElement('span');
    box.className = MARK_CLASS;
    const mark = document.createElement('input');
    mark.type = 'checkbox';
    mark.tabIndex = -1;
    box.append(mark);
    cell.prepend(box);
    return mark;
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
    if (slot.mark) {
      this.showMark(slot, slot.mark, content);
    }
    if (slot.doubleBooked !== (content.doubleBooked ?? null)) {
      slot.doubleBooked = content.doubleBooked ?? null;
      showDoubleBookedMark(element, slot.doubleBooked);
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

  /**
   * The check box: checked as the row is marked, named after its order (written again only for
   * another order number or language), disabled while the order loads.
   */
  private showMark(slot: Slot, mark: HTMLInputElement, { order, marked = false }: RowContent): void {
    if (slot.marked !== marked) {
      slot.marked = marked;
      mark.checked = marked;
    }
    const number = order?.number ?? null;
    if (slot.markNumber === number && slot.markLabeller === this.markLabel) {
      return;
    }
    slot.markNumber = number;
    slot.markLabeller = this.markLabel;
    if (order && this.markLabel) {
      mark.setAttribute('aria-label', this.markLabel(order));
    } else {
      mark.removeAttribute('aria-label');
    }
    mark.disabled = order === null;
  }
}
