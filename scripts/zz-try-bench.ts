import { startCockpit } from '../test/browser/support/startCockpit';
import { runBrowserBench } from './bench-browser';
(async () => {
  const c = await startCockpit({ SEED_ORDERS: '60000' });
  try {
    console.log(JSON.stringify(await runBrowserBench(c.url, { email: 'disponent@autohaus-nord.example', password: 'cockpit-demo' }), null, 2));
  } finally { await c.close(); }
})();
