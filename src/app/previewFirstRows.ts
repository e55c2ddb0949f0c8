import { paintFirstRowsPreview, type FirstRowsPreview } from '../ui/orders/firstRowsPreview';
import type { FirstPageRequest } from './firstPageRequest';

/** The console's own rows in its root: once there, the preview has done its work. */
const CONSOLE_ROW = '[role="row"][data-order-id]';

/**
 * The longest the preview stays: a console that shows no rows by then (a list that never answers)
 * is shown as it is, not hidden behind a picture of rows.
 */
export const PREVIEW_SHOWN_MAX_MS = 10_000;

/** The preview of a start, to hand over to the console once its first screen is done. */
export interface FirstRowsHandOver {
  /**
   * Resolves once the rows are on screen (the frame that drew them has been shown: the next frame
   * has begun), or it is known that they will not be drawn.
   */
  painted: Promise<void>;
  /** Takes the preview away in the frame after `firstScreen` (the console's first screen done, with rows or without). */
  handOver(firstScreen: Promise<void>): void;
  remove(): void;
}

const nextFrame = (win: Window) => new Promise<void>((resolve) => win.requestAnimationFrame(() => resolve()));

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
  const painted = firstPage.page.then(
    async (page) => {
      // The console's rows may have come before this chunk did (the start waits for it only so long).
      preview = over || root.querySelector(CONSOLE_ROW) ? null : paintFirstRowsPreview(doc, page, firstPage.language);
      if (!preview) {
        remove();
        return;
      }
      win.setTimeout(remove, PREVIEW_SHOWN_MAX_MS);
      await nextFrame(win);
      await nextFrame(win);
    },
    // The console asks again and shows what failed.
    remove,
  );
  return {
    painted,
    handOver: (firstScreen) => void firstScreen.then(() => nextFrame(win)).then(remove),
    remove,
  };
}
