import '@blueprintjs/core/lib/css/blueprint.css';
import { nextTask } from './nextTask';

const root = document.getElementById('root');

/**
 * Evaluates the console's code in steps, each a task of its own, then starts it. The scripts of the
 * page only define their modules; a module's code runs when it is first imported, and the entry's
 * static imports ran all of it (React, the libraries, the console's own modules) in one task, the
 * longest before the rows. The imports below are eager: no chunk of their own, nothing more to
 * load, only evaluated later, after a yield each, so that the browser can paint and answer between them.
 */
async function start(element: HTMLElement): Promise<void> {
  await nextTask();
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  await Promise.all([import(/* webpackMode: "eager" */ 'mobx'), import(/* webpackMode: "eager" */ 'inversify'), import(/* webpackMode: "eager" */ 'i18next')]);
  await nextTask();
  await import(/* webpackMode: "eager" */ 'react-router-dom');
  await nextTask();
  const { bootstrap } = await import(/* webpackMode: "eager" */ './bootstrap');
  await nextTask();
  await bootstrap(element);
}

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
