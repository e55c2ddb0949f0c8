import type { Request } from 'playwright-core';
import { eventually } from '../support/eventually';
import { GERMAN_USER, openLoggedIn, storedState } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';

/** Tokens of 90 seconds: renewed after 60 s of use. */
const TOKEN_TTL_SECONDS = 90;

const bearer = (request: Request) => request.headers()['authorization']?.replace(/^Bearer /, '') ?? null;

/** A session renewed under a running console. */
describe('a session renewed while the console is used', () => {
  const run = useCockpitInChromium({ TOKEN_TTL_SECONDS: String(TOKEN_TTL_SECONDS) });

  it('takes a new token before the old one ends, in one tab for all, and moves the live stream to it without starting over', async () => {
    const context = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: { width: 1400, height: 900 }, timezoneId: 'Europe/Berlin' });
    try {
      const page = await openLoggedIn(context, GERMAN_USER);
      // A second tab of the same browser shares the session: both want to renew the same token at the same moment.
      const second = await context.newPage();
      await second.goto('/orders');
      await second.locator('[role="row"][data-order-id]').first().waitFor();
      const streams: Request[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/events') streams.push(request);
      });
      const first = (await storedState(page)).auth?.token;
      expect(first).toBeTruthy();

      // Someone at work: input now and then.
      const typing = setInterval(() => {
        void page.mouse.move(100 + Math.random() * 400, 300).catch(() => undefined);
        void second.mouse.move(100 + Math.random() * 400, 300).catch(() => undefined);
      }, 5000);
      try {
        const renewed = await eventually(async () => (await storedState(page)).auth?.token, {
          until: (token) => typeof token === 'string' && token !== first,
          timeoutMs: 80_000,
          intervalMs: 1000,
          what: 'the console to renew its token',
        });
        // The stream comes back with the renewed token, resuming after the last event it had.
        const moved = await eventually(() => streams.find((request) => bearer(request) === renewed), { timeoutMs: 10_000, what: 'the stream on the renewed token' });
        expect(moved.headers()['last-event-id']).toMatch(/^\d+$/);
        await page.locator('.cockpit-live-indicator[data-state="live"]').waitFor({ timeout: 15_000 });

        // A change made elsewhere after the renewal still arrives live.
        const id = await page.locator('[role="row"][data-order-id]').first().getAttribute('data-order-id');
        const current = await (await fetch(`${run.cockpit.url}/api/orders/${id}`, { headers: { Authorization: `Bearer ${renewed}` } })).json();
        const saved = await fetch(`${run.cockpit.url}/api/orders/${id}`, {
          method: 'PATCH',
          headers: { Authorization: `Bearer ${renewed}`, 'Content-Type': 'application/json', 'If-Match': `"${current.version}"` },
          body: JSON.stringify({ station: 'Nach der Verlängerung' }),
        });
        expect(saved.status).toBe(200);
        await page.locator(`[role="row"][data-order-id="${id}"]`, { hasText: 'Nach der Verlängerung' }).waitFor({ timeout: 10_000 });
        expect(new URL(page.url()).pathname).toBe('/orders');
        // The old token was revoked by the renewal.
        expect((await fetch(`${run.cockpit.url}/api/me`, { headers: { Authorization: `Bearer ${first}` } })).status).toBe(401);
        // The second tab of the same browser renewed nothing twice: it took the token the first one stored, and is signed in with it.
        expect(new URL(second.url()).pathname).toBe('/orders');
        expect((await storedState(second)).auth?.token).toBe((await storedState(page)).auth?.token);
        await second.locator('.cockpit-live-indicator[data-state="live"]').waitFor({ timeout: 15_000 });
      } finally {
        clearInterval(typing);
      }
    } finally {
      await context.close();
    }
  }, 150_000);
});
