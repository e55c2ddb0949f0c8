/** What a click (or a tap) on a row of the orders grid does. */
export type RowGesture =
  /** Opens the row's order beside the list. */
  | 'open'
  /** Selects the row's order for an action on several, or unselects it (`OrderSelectionStore.toggle`). */
  | 'toggle'
  /** Selects the rows from the last one toggled to this one (`OrderSelectionStore.extendTo`). */
  | 'extend'
  /** Moves the cursor to the row, nothing more. */
  | 'cursor'
  /** Nothing: the second click of a double click, whose first one opened the order already. */
  | 'none';

/** The click as the grid reads it. */
export interface RowClick {
  /** On the row's check box (or its cell). */
  onMark: boolean;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  /** The click's count in a quick series (the browser's `detail`: 2 for a double click's second). */
  detail: number;
}

/**
 * The gesture of a click on a row: a plain click or tap opens the order; the check box,
 * Ctrl/Cmd-click and Shift-click (from the last row toggled) select orders for an action on several
 * (`multiSelect`) and never open one. Where orders cannot be selected, a click with a modifier only
 * moves the cursor. The click that ends a double click does nothing more: its first click opened
 * the order.
 */
export function rowGesture(click: RowClick, multiSelect: boolean): RowGesture {
  const modified = click.shiftKey || click.ctrlKey || click.metaKey;
  if (multiSelect && click.shiftKey) {
    return 'extend';
  }
  if (multiSelect && (click.onMark || modified)) {
    return 'toggle';
  }
  if (click.onMark || modified) {
    return 'cursor';
  }
  return click.detail > 1 ? 'none' : 'open';
}
