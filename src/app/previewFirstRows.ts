import { paintFirstRowsPreview, type FirstRowsPreview } from '../ui/orders/firstRowsPreview';
import type { FirstPageRequest } from './firstPageRequest';
import { nextFrame, whenPresented } from './whenPresented';

/** The console's own rows in its root: once there, the preview has done its work. */
const CONSOLE_ROW = '[role="row"][data-order-id]';

/**
 * The longest the preview stays: a console that shows no rows by then (a list that never answers)
 * is shown as it is, not hidden behind a picture of rows.
 */
export const PREVIEW_SHOWN_MAX_MS = 10_000;

/**
 * How long the start waits for the answer of the first page before it makes the console anyway:
 * once the answer is there, drawing it is the browser's own work, waited for in full; a slow answer
 * holds the console back no longer.
 */
export const ANSWER_WAIT_MS = 500;

/** The identifier the preview's header is timed by (`whenPresented`). */
export const PREVIEW_TIMING = 'cockpit-first-rows';

/** The preview of a start, to hand over to the console once its first screen is done. */
export interface FirstRowsHandOver {
  /**
   * Resolves once the preview has no more need of the main thread: its rows are on screen (the
   * browser has shown the frame that drew them: `whenPresented`), it is known that they will not be
   * drawn, or the answer has not come within `ANSWER_WAIT_MS`.
   */
  settled: Promise<void>;
  /** Takes the preview away in the frame after `firstScreen` (the console's first screen done, with rows or without). */
  handOver(firstScreen: Promise<void>): void;
  remove(): void;
}

/**
 * Draws the first page of orders the entry asked for (`requestFirstPage`) as soon as it is there,
 * before the console is made (`paintFirstRowsPreview`), and takes the
 * picture away in the same frame as the console's own rows arrive in `root` (a mutation observer
 * runs before the browser paints). Nothing is drawn when the answer fails (the console shows why),
 * when the console's rows came first, or when the painter finds no placement for this window.
 *
 * It is the `first-rows` chunk, with what it draws with (the row elements, the texts' formatting,
 * the grid's style sheet): small, so it is evaluated long before the orders page's chunk could be,
 * and the entry, which the login page loads too, only asks for it (`loadFirstRowsPreview`).
 */
export function previewFirstRows(doc: Document, root: HTMLElement, firstPage: FirstPageRequest): FirstRowsHandOver {
  const win = doc.defaultView as Window;
  let preview: FirstRowsPreview | null = null;
  let over = false;
  const observer = new MutationObserver(() => {
    if (root.querySelector(CONSOLE_ROW)) {
      remove();
    }
  });
  const remove = () => {
    over = true;
    observer.disconnect();
    preview?.remove();
    preview = null;
  };
  observer.observe(root, { childList: true, subtree: true });
  const drawn = firstPage.page.then(
    (page) => {
      // The console's rows may have come before this chunk did (the start waits for it only so long).
      preview = over || root.querySelector(CONSOLE_ROW) ? null : paintFirstRowsPreview(doc, page, firstPage.language);
      const label = preview?.element.querySelector('.cockpit-order-header span');
      if (!preview || !label) {
        remove();
        return;
      }
      win.setTimeout(remove, PREVIEW_SHOWN_MAX_MS);
      return whenPresented(win, label, PREVIEW_TIMING);
    },
    // The console asks again and shows what failed.
    remove,
  );
  const answerLate = new Promise<void>((resolve) => {
    const timer = win.setTimeout(resolve, ANSWER_WAIT_MS);
    const answered = () => win.clearTimeout(timer);
    firstPage.page.then(answered, answered);
  });
  return {
    settled: Promise.race([drawn, answerLate]),
    handOver: (firstScreen) => void firstScreen.then(() => nextFrame(win)).then(remove),
    remove,
  };
}
