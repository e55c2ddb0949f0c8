import type { Request, Route } from 'playwright-core';
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

  it('moves the live stream to the new token without losing or repeating a change made while it moved', async () => {
    const context = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: { width: 1400, height: 900 }, timezoneId: 'Europe/Berlin' });
    try {
      const page = await openLoggedIn(context, GERMAN_USER);
      const first = (await storedState(page)).auth?.token;
      expect(first).toBeTruthy();
      const rows = page.locator('[role="row"][data-order-id]');
      const rowCount = await rows.count();
      const ids = await Promise.all([0, 1, 2].map(async (index) => (await rows.nth(index).getAttribute('data-order-id')) as string));
      // A colleague in another browser, with a session of their own, changes these orders.
      const login = await fetch(`${run.cockpit.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(GERMAN_USER),
      });
      const colleague = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };

      // The stream on the renewed token waits here until the changes are made: the old one has ended
      // with the renewal (the backend ends a revoked token's streams), the new one has not begun.
      let held: { route: Route; request: Request } | null = null;
      await page.route('**/api/events*', (route, request) => {
        if (held === null && bearer(request) !== first) {
          held = { route, request };
        } else {
          void route.continue();
        }
      });
      const listReads: Request[] = [];
      page.on('request', (request) => {
        if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/orders') listReads.push(request);
      });
      const typing = setInterval(() => void page.mouse.move(100 + Math.random() * 400, 300).catch(() => undefined), 5000);
      try {
        const moving = await eventually(() => held, { timeoutMs: 80_000, intervalMs: 200, what: 'the stream to reconnect with the renewed token' });
        const renewed = (await storedState(page)).auth?.token;
        expect(bearer(moving.request)).toBe(renewed);
        expect(moving.request.headers()['last-event-id']).toMatch(/^\d+$/);

        for (const [index, id] of ids.entries()) {
          const current = (await (await fetch(`${run.cockpit.url}/api/orders/${id}`, { headers: colleague })).json()) as { version: number };
          const saved = await fetch(`${run.cockpit.url}/api/orders/${id}`, {
            method: 'PATCH',
            headers: { ...colleague, 'Content-Type': 'application/json', 'If-Match': `"${current.version}"` },
            body: JSON.stringify({ station: `In der Lücke ${index + 1}` }),
          });
          expect(saved.status).toBe(200);
        }
        // No stream runs: nothing of it has arrived yet.
        await expect(page.getByText(/In der Lücke/).count()).resolves.toBe(0);
        await moving.route.continue();

        for (const [index, id] of ids.entries()) {
          await page.locator(`[role="row"][data-order-id="${id}"]`, { hasText: `In der Lücke ${index + 1}` }).waitFor({ timeout: 15_000 });
        }
        await page.locator('.cockpit-live-indicator[data-state="live"]').waitFor({ timeout: 15_000 });
        // Each change once, in its row: no row twice, none more or fewer.
        for (const id of ids) {
          await expect(page.locator(`[role="row"][data-order-id="${id}"]`).count()).resolves.toBe(1);
        }
        await expect(rows.count()).resolves.toBe(rowCount);
        // They came as the stream's events, resumed after the last one it had: a stream opened afresh
        // would have begun with a reset, and the list would have been read again to catch up.
        expect(listReads.map((request) => request.url())).toEqual([]);
        expect(new URL(page.url()).pathname).toBe('/orders');
      } finally {
        clearInterval(typing);
      }
    } finally {
      await context.close();
    }
  }, 150_000);
});
