import '@blueprintjs/core/lib/css/blueprint.css';
import { bootstrap } from './bootstrap';

const root = document.getElementById('root');

if (root) {
  bootstrap(root).then(
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
