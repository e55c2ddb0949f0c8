import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
// Renders the PNG icons of the web app manifest from their SVG sources (run after changing them:
// `npx tsx scripts/render-icons.ts`); the PNGs are committed, the build only copies them.
const dir = path.resolve(__dirname, '../src/app/pwa/icons');
(async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  const page = await browser.newPage();
  for (const [source, size, name] of [['icon.svg', 192, 'icon-192.png'], ['icon.svg', 512, 'icon-512.png'], ['maskable.svg', 512, 'maskable-512.png'], ['icon.svg', 180, 'apple-touch-icon.png']] as const) {
    await page.setViewportSize({ width: size, height: size });
    const svg = readFileSync(`${dir}/${source}`, 'utf8');
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
    await page.screenshot({ path: `${dir}/${name}`, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  }
  await browser.close();
})();
