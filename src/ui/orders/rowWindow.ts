/** Height of one row of the orders grid in pixels; the grid is virtualized on it. */
export const ROW_HEIGHT = 36;

/** Height of a row on a tablet or a phone, where a finger takes it: the 44 px of every touch target. */
export const TOUCH_ROW_HEIGHT = 44;

/** Rows drawn above and below the view, so that a fast wheel shows no gap. */
const OVERSCAN = 4;

export interface Viewport {
  top: number;
  height: number;
}

/** The rows drawn for a viewport: `first` to `last`, each in row element `index % slots`. */
export interface RowWindow {
  first: number;
  /** -1 when there are no rows. */
  last: number;
  /** Row elements kept; an even number, so that each element stays on odd or even rows (its stripe). */
  slots: number;
}

/**
 * The rows to draw for `viewport` in a list of `rowCount` rows, each `rowHeight` pixels high (the
 * grid's rows by default; the phone's cards are rows of their own height). Every slot is used when
 * there are enough rows (the rows after the view's overscan fill the rest), so that moving the view
 * only hands row elements other rows and never adds or removes one.
 */
export function rowWindow(viewport: Viewport, rowCount: number, rowHeight: number = ROW_HEIGHT): RowWindow {
  const first = Math.max(0, Math.floor(viewport.top / rowHeight) - OVERSCAN);
  const slots = 2 * Math.ceil((Math.ceil(viewport.height / rowHeight) + 2 * OVERSCAN + 4) / 2);
  return { first, last: Math.min(rowCount - 1, first + slots - 1), slots };
}
