/** How far beyond the board's visible area a row's bars are drawn already, in pixels: a scroll finds them there. */
export const NEAR_VIEW_PX = 800;

/** A box's top and bottom edges (as `getBoundingClientRect` gives them). */
export interface VerticalBox {
  top: number;
  bottom: number;
}

/** Whether `box` lies within `margin` pixels of the visible `area` (above or below it), or in it. */
export function isNearView(box: VerticalBox, area: VerticalBox, margin = NEAR_VIEW_PX): boolean {
  return box.bottom > area.top - margin && box.top < area.bottom + margin;
}

/** The station of the row (`[data-station]` among `rows`) that `y` lies in; undefined when none. */
export function stationAt(rows: Iterable<HTMLElement>, y: number): string | undefined {
  for (const row of rows) {
    const box = row.getBoundingClientRect();
    if (y >= box.top && y < box.bottom) return row.dataset.station;
  }
  return undefined;
}
