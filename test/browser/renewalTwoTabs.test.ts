import type { Page, Request } from 'playwright-core';
import { eventually } from '../support/eventually';
import { GERMAN_USER, openLoggedIn, storedState } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';

/** Tokens of 90 seconds: renewed after 60 s of use. */
const TOKEN_TTL_SECONDS = 90;

const bearer = (request: Request) => request.headers()['authorization']?.replace(/^Bearer /, '') ?? null;
const path = (request: Request) => new URL(request.url()).pathname;

/** The live stream's requests of `page`, as they are made. */
function streamsOf(page: Page): Request[] {
  const streams: Request[] = [];
  page.on('request', (request) => {
    if (path(request) === '/api/events') streams.push(request);
  });
  return streams;
}

/** Two tabs of one browser share the session: its renewal is due in both at the same moment. */
describe('a session renewed in two tabs of one browser', () => {
  const run = useCockpitInChromium({ TOKEN_TTL_SECONDS: String(TOKEN_TTL_SECONDS) });

  it('is renewed by one request of one tab; both tabs go on with the new token, neither signs out', async () => {
    const context = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: { width: 1400, height: 900 }, timezoneId: 'Europe/Berlin' });
    try {
      const renewals: Request[] = [];
      context.on('request', (request) => {
        if (request.method() === 'POST' && path(request) === '/api/auth/renew') renewals.push(request);
      });
      const first = await openLoggedIn(context, GERMAN_USER);
      const second = await context.newPage();
      await second.goto('/orders');
      await second.locator('[role="row"][data-order-id]').first().waitFor();
      await second.locator('.cockpit-live-indicator[data-state="live"]').waitFor();
      const streams = { first: streamsOf(first), second: streamsOf(second) };
      const signedIn = (await storedState(first)).auth?.token;
      expect(signedIn).toBeTruthy();

      // Someone at work in both tabs: input now and then.
      const typing = setInterval(() => {
        void first.mouse.move(100 + Math.random() * 400, 300).catch(() => undefined);
        void second.mouse.move(100 + Math.random() * 400, 300).catch(() => undefined);
      }, 5000);
      try {
        const renewed = await eventually(async () => (await storedState(first)).auth?.token, {
          until: (token) => typeof token === 'string' && token !== signedIn,
          timeoutMs: 80_000,
          intervalMs: 500,
          what: 'the console to renew its token',
        });
        // Each tab moves its stream to the renewed token: it holds that token, not the revoked one.
        for (const [tab, requests] of Object.entries(streams)) {
          await eventually(() => requests.find((request) => bearer(request) === renewed), { timeoutMs: 15_000, what: `the ${tab} tab's stream on the renewed token` });
        }
        await first.locator('.cockpit-live-indicator[data-state="live"]').waitFor({ timeout: 15_000 });
        await second.locator('.cockpit-live-indicator[data-state="live"]').waitFor({ timeout: 15_000 });
        // Time for a second renewal, a refused request and a sign-out to show, had there been any.
        await first.waitForTimeout(5000);

        expect(renewals.map((request) => bearer(request))).toEqual([signedIn]);
        for (const tab of [first, second]) {
          expect(new URL(tab.url()).pathname).toBe('/orders');
          expect((await storedState(tab)).auth?.token).toBe(renewed);
          await expect(tab.locator('.cockpit-live-indicator[data-state="live"]').count()).resolves.toBe(1);
        }
      } finally {
        clearInterval(typing);
      }
    } finally {
      await context.close();
    }
  }, 150_000);
});
