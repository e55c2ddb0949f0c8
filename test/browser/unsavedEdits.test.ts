import type { Page } from 'playwright-core';
import { eventually } from '../support/eventually';
import { GERMAN_USER, logIn, openLoggedIn, storedState } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';

/** The German tenant's admin: another user of the same orders, at the same browser. */
const GERMAN_ADMIN = { email: 'admin@autohaus-nord.example', password: GERMAN_USER.password };

const NOTES = 'Reifen einlagern, Kunde ruft vor der Abholung an';

/** What the console keeps of unsaved edits in this browser (the raw item). */
const keptEdits = (page: Page) => page.evaluate(() => localStorage.getItem('cockpit.unsavedEdits'));

/** An unsaved edit and the end of its session. */
describe('an unsaved edit when the session ends', () => {
  const run = useCockpitInChromium();

  /** Ends the page's session on the backend (as a revocation or the token's expiry does): the open console is refused and goes to the login. */
  const endSession = async (page: Page) => {
    const token = (await storedState(page)).auth?.token;
    expect(token).toBeTruthy();
    const revoked = await fetch(`${run.cockpit.url}/api/auth/logout`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    expect(revoked.status).toBe(204);
    await page.waitForURL(/\/login\?returnTo=/, { timeout: 30_000 });
    await page.getByText('Ihre Sitzung ist beendet. Bitte melden Sie sich erneut an.').waitFor();
  };

  it('is offered back after login to the same user, restored into the order, and never shown to another user, who deletes it by logging in', async () => {
    const context = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: { width: 1400, height: 900 }, timezoneId: 'Europe/Berlin' });
    try {
      const page = await openLoggedIn(context, GERMAN_USER);
      const row = page.locator('[role="row"][data-order-id]').first();
      const id = await row.getAttribute('data-order-id');
      await row.dblclick();
      await page.waitForURL(`**/orders/${id}`);
      const notes = page.locator('.cockpit-order-detail').getByLabel('Notizen');
      const saved = await notes.inputValue();
      await notes.fill(NOTES);
      await eventually(() => keptEdits(page), { until: (kept) => kept?.includes(NOTES) === true, what: 'the edit kept in the browser' });

      await endSession(page);
      expect(await page.getByText(NOTES).count()).toBe(0);

      // The same operator signs in again: the edit is offered, named by its order, its time and its field.
      await logIn(page, GERMAN_USER);
      const offer = page.getByTestId('unsaved-edits');
      await offer.getByText(/^Auftrag \S+, geändert am \d\d\.\d\d\.\d{4} \d\d:\d\d: Notizen$/).waitFor({ timeout: 15_000 });
      await offer.getByRole('button', { name: 'Wiederherstellen' }).click();
      await page.waitForURL(`**/orders/${id}`);
      await eventually(() => notes.inputValue(), { until: (value) => value === NOTES, what: 'the restored notes in the order' });
      await offer.waitFor({ state: 'detached' });
      expect(await page.getByRole('button', { name: 'Speichern' }).isEnabled()).toBe(true);

      // The session ends again before it is saved; another user signs in at this browser.
      await endSession(page);
      expect(await keptEdits(page)).toContain(NOTES);
      await logIn(page, GERMAN_ADMIN);
      await page.locator('[role="row"][data-order-id]').first().waitFor();
      // The login returns to the order: as saved, without the first operator's edit, and nothing offered.
      await page.waitForURL(`**/orders/${id}`);
      await eventually(() => notes.inputValue(), { until: (value) => value === saved, what: 'the order as saved' });
      expect(await page.getByTestId('unsaved-edits').count()).toBe(0);
      expect(await page.getByText(NOTES).count()).toBe(0);
      expect(await keptEdits(page)).toBeNull();
    } finally {
      await context.close();
    }
  }, 120_000);
});

/** Tokens of 30 seconds (the backend's least), not renewed: the session expires in the open console. */
describe('an unsaved edit when the token expires', () => {
  const run = useCockpitInChromium({ TOKEN_TTL_SECONDS: '30' });

  it('survives the expiry in the open console and is offered back after login as the same user', async () => {
    const context = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: { width: 1400, height: 900 }, timezoneId: 'Europe/Berlin' });
    try {
      // The renewal fails (the network, the backend away): nothing extends the session.
      await context.route('**/api/auth/renew', (route) => route.abort('connectionrefused'));
      const page = await openLoggedIn(context, GERMAN_USER);
      const row = page.locator('[role="row"][data-order-id]').first();
      const id = await row.getAttribute('data-order-id');
      await row.dblclick();
      await page.waitForURL(`**/orders/${id}`);
      const notes = page.locator('.cockpit-order-detail').getByLabel('Notizen');
      await notes.fill(NOTES);

      // The token expires: the backend ends the live stream, which is refused on its return (401).
      await page.waitForURL(/\/login\?returnTo=/, { timeout: 60_000 });
      await page.getByText('Ihre Sitzung ist beendet. Bitte melden Sie sich erneut an.').waitFor();

      await logIn(page, GERMAN_USER);
      const offer = page.getByTestId('unsaved-edits');
      await offer.getByRole('button', { name: 'Wiederherstellen' }).click();
      await page.waitForURL(`**/orders/${id}`);
      await eventually(() => notes.inputValue(), { until: (value) => value === NOTES, what: 'the restored notes in the order' });
    } finally {
      await context.close();
    }
  }, 120_000);
});
