/** The class of the mark a double-booked row carries in its first cell. */
export const DOUBLE_BOOKED_MARK_CLASS = 'cockpit-double-booked-mark';

/**
 * Shows or takes away the mark of a double-booked order in `row` (written directly, as the rows
 * are): a warning sign named and explained by `label` (its accessible name and its tooltip), so the
 * mark is not told by colour alone; null takes it away.
 */
export function showDoubleBookedMark(row: HTMLElement, label: string | null): void {
  const cell = row.querySelector('[role="gridcell"]');
  const mark = cell?.querySelector<HTMLElement>(`.${DOUBLE_BOOKED_MARK_CLASS}`) ?? null;
  if (label === null) {
    mark?.remove();
    return;
  }
  const shown = mark ?? document.createElement('span');
  if (!mark) {
    shown.className = DOUBLE_BOOKED_MARK_CLASS;
    shown.setAttribute('role', 'img');
    shown.textContent = '\u26a0';
    cell?.append(shown);
  }
  shown.setAttribute('aria-label', label);
  shown.title = label;
}
