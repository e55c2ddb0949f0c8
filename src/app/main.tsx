import '@blueprintjs/core/lib/css/blueprint.css';
// After Blueprint's: the targets a finger takes on tablets and phones, on every page (ui/shell/touch.css).
import '../ui/shell/touch.css';
import { preloadPageCode } from '../ui/routing/preloadPageCode';
import type { StartedConsole } from './bootstrap';
import { requestFirstPage, type FirstPageRequest } from './firstPageRequest';
import { nextTask } from './nextTask';
import { loadFirstRowsPreview } from './loadFirstRowsPreview';
import { storedSession } from './storedSession';

const root = document.getElementById('root');

/**
 * How long the start waits for the chunk that draws the first rows (`loadFirstRowsPreview`), asked
 * for with them, before it asks for the page's code and evaluates the console. Once the chunk is
 * there, the start waits until the rows are drawn or the answer is late (`FirstRowsHandOver.settled`):
 * until then nothing else competes with them for the main thread (the page's chunks would be
 * evaluated first as they arrive, and the evaluation's steps go before other tasks: `nextTask`).
 */
const PREVIEW_WAIT_MS = 1000;

// The first thing the console does: on a signed-in start on the orders, their first page is asked
// for now, from the stored session, while the rest of the console is evaluated and made (about a
// second at 4× CPU throttling); the list takes its answer (`OrdersListStore.offerFirstPage`).
const stored = root ? storedSession(window, Date.now()) : null;
const firstPageOnItsWay = root ? requestFirstPage(window, Date.now(), stored) : null;
// Those rows drawn as soon as they are there, where the console will show them, until it does.
const preview = root && firstPageOnItsWay ? loadFirstRowsPreview(document, root, firstPageOnItsWay) : null;
const previewDrawn: Promise<unknown> = preview
  ? Promise.race([preview.then((shown) => shown?.settled), new Promise((resolve) => window.setTimeout(resolve, PREVIEW_WAIT_MS))])
  : Promise.resolve();
// Then the code of the page the start shows, with the signed-in shell around it: its chunks arrive
// while the console is being made, instead of being asked for once it is.
if (root) {
  void previewDrawn.then(() => preloadPageCode(window.location, stored !== null));
}

/**
 * Evaluates the console's code in steps, each a task of its own, then starts it. The scripts of the
 * page only define their modules; a module's code runs when it is first imported, and the entry's
 * static imports ran all of it (React, the libraries, the console's own modules) in one task, the
 * longest before the rows. The imports below are eager: no chunk of their own, nothing more to
 * load, only evaluated later, after a yield each, so that the browser can paint and answer between
 * them: React, i18next, the container's modules (MobX, Inversify, the stores and adapters), the rest.
 */
async function start(element: HTMLElement, firstPage: FirstPageRequest | null): Promise<StartedConsole> {
  await previewDrawn;
  await nextTask();
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  // The console's own modules, not the libraries' entries: a whole package imported as a namespace
  // would keep every export of it in the build, where the console's imports let the rest go.
  await nextTask();
  await import(/* webpackMode: "eager" */ '../infrastructure/i18n/createI18n');
  await nextTask();
  await import(/* webpackMode: "eager" */ './createContainer');
  await nextTask();
  const { bootstrap } = await import(/* webpackMode: "eager" */ './bootstrap');
  await nextTask();
  return bootstrap(element, window, firstPage);
}

if (root) {
  start(root, firstPageOnItsWay).then(
    (started) => {
      // The console's own rows replace the preview at once; a first screen without them, once it is done.
      void preview?.then((shown) => shown?.handOver(started.firstScreen));
      console.log('System start success');
    },
    (error: unknown) => {
      void preview?.then((shown) => shown?.remove());
      console.error(error);
      root.textContent = 'Order Cockpit konnte nicht starten. Order Cockpit could not start.';
      root.setAttribute('role', 'alert');
    },
  );
} else {
  console.error(new Error('Order Cockpit: no #root element in the page'));
}
