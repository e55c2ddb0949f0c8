import type { BrowserContext, Page } from 'playwright-core';
import { eventually } from '../support/eventually';
import { GERMAN_USER, openLoggedIn } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';

const GERMAN_ADMIN = { email: 'admin@autohaus-nord.example', password: GERMAN_USER.password };

const presenceText = (page: Page) => page.getByTestId('order-presence').textContent();
const liveState = (page: Page) => page.locator('.cockpit-live-indicator').getAttribute('data-state');

describe('who else has an order open, in two browsers', () => {
  const contexts: BrowserContext[] = [];
  const run = useCockpitInChromium();

  const openAs = async (user: typeof GERMAN_USER): Promise<Page> => {
    const context = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: { width: 1400, height: 900 }, timezoneId: 'Europe/Berlin' });
    contexts.push(context);
    const page = await openLoggedIn(context, user);
    await eventually(() => liveState(page), { until: (state) => state === 'live', timeoutMs: 10_000, what: 'the live indicator to say live' });
    return page;
  };

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  it('shows each the other, the field being edited, and removes the one who closed the order within seconds', async () => {
    const dana = await openAs(GERMAN_USER);
    const jonas = await openAs(GERMAN_ADMIN);
    const row = dana.locator('[role="row"][data-order-id]').first();
    await row.waitFor();
    const id = await row.getAttribute('data-order-id');
    await dana.goto(`/orders/${id}`);
    await jonas.goto(`/orders/${id}`);
    const seen = (page: Page, expected: (text: string) => boolean, what: string) =>
      eventually(() => presenceText(page), { until: (text) => text !== null && expected(text), timeoutMs: 8000, what });

    await seen(dana, (text) => text.includes('Jonas Albrecht'), 'Jonas shown to Dana');
    await seen(jonas, (text) => text.includes('Dana Brandt'), 'Dana shown to Jonas');
    expect(await presenceText(dana)).not.toContain('Dana Brandt');

    await jonas.getByLabel('Notizen').focus();
    await seen(dana, (text) => text.includes('Jonas Albrecht · bearbeitet Notizen'), 'Jonas editing the notes');

    // Closing the order (Escape closes the detail) ends the presence at once.
    await jonas.keyboard.press('Escape');
    await jonas.waitForURL(/\/orders$/);
    await seen(dana, (text) => text === '', 'Jonas gone');
  });
});
