import { chromium } from 'playwright-core';
import { startCockpit } from '../test/browser/support/startCockpit';
(async () => {
  const c = await startCockpit({ SEED_ORDERS: '60000' });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const context = await browser.newContext({ baseURL: c.url, viewport: { width: 1400, height: 900 } });
    await context.addInitScript('window.__name = (t) => t;');
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto('/login');
    await page.getByLabel('E-Mail').fill('disponent@autohaus-nord.example');
    await page.getByLabel('Passwort').fill('cockpit-demo');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.locator('[role="row"][data-order-id]').first().waitFor();
    await page.getByRole('button', { name: 'Dieser Monat' }).click();
    await page.waitForTimeout(1000);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Performance.enable');
    const m0 = (await cdp.send('Performance.getMetrics')).metrics;
    await page.evaluate(() => { (window as any).__tasks = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) (window as any).__tasks.push(Math.round(e.duration)); }).observe({ type: 'longtask' }); });
    await page.locator('[role="grid"]').evaluate(async (el) => {
      for (let i = 0; i < 60; i++) {
        el.scrollTop += Math.round(el.clientHeight / 4);
        await new Promise((r) => requestAnimationFrame(r));
        for (let t = 0; t < 400 && el.querySelector('.cockpit-order-row-loading'); t++) await new Promise((r) => setTimeout(r, 10));
      }
    });
    const m1 = (await cdp.send('Performance.getMetrics')).metrics;
    const get = (m: any[], n: string) => m.find((x) => x.name === n)?.value ?? 0;
    for (const n of ['ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration', 'TaskDuration', 'LayoutCount', 'RecalcStyleCount', 'Nodes', 'JSEventListeners']) console.log(n, (get(m1, n) - get(m0, n)).toFixed(3), get(m1, n));
    console.log('longtasks', await page.evaluate(() => (window as any).__tasks));
  } finally { await browser.close(); await c.close(); }
})();
