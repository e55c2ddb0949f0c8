import '@blueprintjs/core/lib/css/blueprint.css';
// After Blueprint's: the targets a finger takes on tablets and phones, on every page (ui/shell/touch.css).
import '../ui/shell/touch.css';
import type { StartedConsole } from './bootstrap';
import { nextTask } from './nextTask';

/**
 * The console's entry: evaluates its code in steps, each a task of its own, then starts it
 * (`bootstrap`, the start in one file). The page's scripts only define their modules; a module's
 * code runs when it is first imported, and static imports here would run all of it (React, the
 * libraries, the console's own modules) in one task. The imports below are eager: no chunk of their
 * own, nothing more to load, only evaluated later, after a yield each, so that the browser can paint
 * and answer in between: the container's modules (MobX, Inversify, axios, the stores and adapters),
 * then the start with the router; React's renderer comes once the first requests are out.
 */
async function start(element: HTMLElement): Promise<StartedConsole> {
  await nextTask();
  await import(/* webpackMode: "eager" */ './createContainer');
  await nextTask();
  const { bootstrap } = await import(/* webpackMode: "eager" */ './bootstrap');
  await nextTask();
  return bootstrap(element, window);
}

const root = document.getElementById('root');
if (root) {
  start(root).then(
    () => console.log('System start success'),
    (error: unknown) => {
      console.error(error);
      root.textContent = 'Order Cockpit konnte nicht starten. Order Cockpit could not start.';
      root.setAttribute('role', 'alert');
    },
  );
} else {
  console.error(new Error('Order Cockpit: no #root element in the page'));
}
