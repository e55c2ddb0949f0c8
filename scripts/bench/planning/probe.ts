// What the planning bench watches inside the board's page: a script handed to `addInitScript`, run
// before any script of the page, that tells the bench on the page's console when the board's first
// view is there (the first-screen bench's way: polling from the bench would add work to the page).

/** Written on the page's console once the first view is there (or the page failed); `watchBoardFirstView` runs apart from this module and spells it out. */
export const BOARD_VIEW_DONE = 'board-view:done';

/** A row on screen at the first view: its station and the bars it held then. */
export interface ViewRow {
  station: string;
  bars: number;
}

/** What `watchBoardFirstView` keeps in the page. Times in ms from the start of the navigation. */
export interface BoardViewState {
  viewAt: number;
  rows: ViewRow[];
  longTasks: [number, number][];
  error: string | null;
}

/**
 * The board's first view: every station row that lies in the window (inside the board's scrolling
 * area) is final, its bars all there: the row says it is no longer busy (`aria-busy="false"`), or,
 * when rows say nothing, the whole board is no longer busy (every page read). Asked after the frame
 * that laid the page out (a timer after `requestAnimationFrame`, so a little after that frame is
 * shown, never before), re-armed by any change of the DOM; the rows and their bars are noted.
 */
export function watchBoardFirstView(): void {
  if (window.top !== window) {
    return;
  }
  const state: BoardViewState = { viewAt: -1, rows: [], longTasks: [], error: null };
  (window as unknown as { __boardView: BoardViewState }).__boardView = state;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        state.longTasks.push([entry.startTime, entry.duration]);
      }
    }).observe({ type: 'longtask', buffered: true });
  } catch (error) {
    state.error = String(error);
  }
  const rowsInView = (): ViewRow[] | null => {
    const grid = document.querySelector<HTMLElement>('.cockpit-planning-board[role="grid"]');
    if (!grid) return null;
    const area = (grid.closest('.cockpit-planning-scroll') ?? document.documentElement).getBoundingClientRect();
    const top = Math.max(0, area.top);
    const bottom = Math.min(window.innerHeight, area.bottom);
    const rows = [...grid.querySelectorAll<HTMLElement>('[role="row"][data-station]')].filter((row) => {
      const box = row.getBoundingClientRect();
      return box.height > 0 && box.bottom > top && box.top < bottom;
    });
    if (rows.length === 0) return null;
    const boardBusy = grid.getAttribute('aria-busy') === 'true';
    const final = rows.every((row) => {
      const busy = row.getAttribute('aria-busy');
      return busy === null ? !boardBusy : busy === 'false';
    });
    return final ? rows.map((row) => ({ station: row.dataset.station ?? '', bars: row.querySelectorAll('[data-order-id]').length })) : null;
  };
  let checking = false;
  const afterFrame = () =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        checking = false;
        if (state.viewAt >= 0) return;
        const rows = rowsInView();
        if (rows) {
          state.viewAt = performance.now();
          state.rows = rows;
          observer.disconnect();
          console.debug('board-view:done');
        }
      }, 0),
    );
  const observer = new MutationObserver(() => {
    const failed = document.body?.getAttribute('data-error');
    if (failed && state.error === null) {
      state.error = failed;
      console.debug('board-view:done');
    }
    if (!checking && state.viewAt < 0) {
      checking = true;
      afterFrame();
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy', 'data-station'] });
}
