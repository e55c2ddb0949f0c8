import type { BrowserContext, Page } from 'playwright-core';
import { describeFindings, injectAxe, steadyAxeViolations } from './support/axe';
import { eventually } from '../support/eventually';
import { BRITISH_USER, GERMAN_USER, openLoggedIn, storedState } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';

const SCHEMES = ['light', 'dark'] as const;

/** What the test reads and clicks, in each language, with the demo user who works in it. */
const LANGUAGES = {
  de: {
    user: GERMAN_USER,
    email: 'E-Mail',
    password: 'Passwort',
    logIn: 'Anmelden',
    wrongCredentials: 'E-Mail oder Passwort ist falsch.',
    notes: 'Notizen',
    save: 'Speichern',
    conflict: 'Jemand anderes hat diesen Auftrag geändert',
    takeTheirs: 'Neu laden und meine Änderung verwerfen',
    newOrder: 'Neuer Auftrag',
    tour: 'Rundgang durch die Konsole',
    userMenu: 'Benutzermenü',
    settings: 'Einstellungen',
  },
  en: {
    user: BRITISH_USER,
    email: 'Email',
    password: 'Password',
    logIn: 'Log in',
    wrongCredentials: 'Wrong email or password.',
    notes: 'Notes',
    save: 'Save',
    conflict: 'Someone else changed this order',
    takeTheirs: 'Reload and drop my change',
    newOrder: 'New order',
    tour: 'Tour of the console',
    userMenu: 'User menu',
    settings: 'Settings',
  },
} as const;

type Language = keyof typeof LANGUAGES;

describe('the console for every operator (axe-core, WCAG 2.2 AA)', () => {
  const run = useCockpitInChromium();
  let context: BrowserContext;

  afterEach(async () => {
    await context?.close();
  });

  /** Signs in through the API in a session of its own, as a colleague in another browser would; answers its headers. */
  async function colleagueHeaders(user: { email: string; password: string }): Promise<Record<string, string>> {
    const login = await fetch(`${run.cockpit.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(user),
    });
    const { token } = (await login.json()) as { token: string };
    return { Authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  }

  /** The order's version as the colleague reads it now. */
  async function versionOf(headers: Record<string, string>, orderPath: string): Promise<number> {
    const { version } = (await (await fetch(`${run.cockpit.url}/api${orderPath}`, { headers })).json()) as { version: number };
    return version;
  }

  /** The colleague saves new notes over the version they read. */
  async function saveNotes(headers: Record<string, string>, orderPath: string, version: number, notes: string): Promise<void> {
    const saved = await fetch(`${run.cockpit.url}/api${orderPath}`, { method: 'PATCH', headers: { ...headers, 'If-Match': `"${version}"` }, body: JSON.stringify({ notes }) });
    if (!saved.ok) {
      throw new Error(`the colleague's change was refused: ${saved.status}`);
    }
  }

  /** Changes an order through the API in a session of its own, as a colleague in another browser would. */
  async function changeElsewhere(user: { email: string; password: string }, orderPath: string, notes: string): Promise<void> {
    const headers = await colleagueHeaders(user);
    await saveNotes(headers, orderPath, await versionOf(headers, orderPath), notes);
  }

  it.each(Object.keys(LANGUAGES) as Language[])('has no serious or critical violation in any state that matters, in %s, light and dark', async (language) => {
    const texts = LANGUAGES[language];
    const findings: string[] = [];
    const checked: string[] = [];
    context = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: { width: 1400, height: 900 }, reducedMotion: 'reduce', timezoneId: 'Europe/Berlin' });
    await injectAxe(context);
    const page: Page = await context.newPage();

    /** Runs axe in both colour schemes on the state the page is in. */
    const audit = async (state: string) => {
      for (const colorScheme of SCHEMES) {
        await page.emulateMedia({ colorScheme });
        // The console follows the system's scheme; the dark one once its stylesheet has loaded.
        await page.waitForFunction((dark) => document.body.classList.contains('bp6-dark') === dark, colorScheme === 'dark');
        // The scheme's styles are in effect in the next frame; a dialog, drawer or toast still fading
        // would be measured in blended colours, so the page is measured at rest.
        const where = `${state} (${language}, ${colorScheme})`;
        checked.push(where);
        const found = await steadyAxeViolations(page);
        if (found.length > 0) {
          findings.push(describeFindings(where, found));
        }
      }
    };

    // The login page with the error of a wrong password, in the language chosen there.
    await page.goto('/login');
    const languageSelect = page.getByRole('combobox');
    await languageSelect.selectOption(language);
    await page.getByLabel(texts.email).fill(texts.user.email);
    await page.getByLabel(texts.password).fill('not-the-password');
    await page.getByRole('button', { name: texts.logIn }).click();
    await page.getByText(texts.wrongCredentials).waitFor();
    await audit('login with an error');

    // The orders list, live.
    await page.getByLabel(texts.password).fill(texts.user.password);
    await page.getByRole('button', { name: texts.logIn }).click();
    const firstRow = page.locator('[role="row"][data-order-id]').first();
    await firstRow.waitFor();
    await page.locator('.cockpit-live-indicator[data-state="live"]').waitFor();
    await audit('orders list');

    // An open order beside the list.
    await firstRow.dblclick();
    await page.waitForURL(/\/orders\/[0-9a-f-]+$/);
    const notes = page.getByLabel(texts.notes);
    await notes.waitFor();
    await audit('open order');

    // The conflict: a colleague saved the order first, then the operator saves their edit.
    const orderPath = new URL(page.url()).pathname;
    await notes.fill('Meine Notiz / my note');
    await changeElsewhere(texts.user, orderPath, 'Notiz des Kollegen / colleague\'s note');
    await page.getByTestId('changed-elsewhere').waitFor();
    await page.getByRole('button', { name: texts.save, exact: true }).click();
    const conflict = page.getByRole('dialog', { name: texts.conflict });
    await conflict.waitFor();
    await audit('conflict dialog');
    await conflict.getByRole('button', { name: texts.takeTheirs }).click();
    await conflict.waitFor({ state: 'hidden' });
    await page.keyboard.press('Escape');
    await page.waitForURL(/\/orders(\?|$)/);

    // The new order's dialog.
    await page.getByTestId('new-order').click();
    const dialog = page.getByRole('dialog', { name: texts.newOrder });
    await dialog.waitFor();
    await audit('new order dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The tour.
    await page.getByRole('button', { name: texts.tour }).click();
    await page.getByTestId('tour-card').waitFor();
    await audit('tour');
    await page.keyboard.press('Escape');
    await page.getByTestId('tour-card').waitFor({ state: 'hidden' });

    // The settings, reached through the user menu.
    await page.getByRole('button', { name: texts.userMenu }).click();
    await page.getByRole('menuitem', { name: texts.settings }).click();
    await page.waitForURL(/\/settings$/);
    await page.getByRole('heading', { name: texts.settings }).first().waitFor();
    await audit('settings');

    expect((await storedState(page)).auth?.language).toBe(language);
    expect(checked).toHaveLength(14);
    if (findings.length > 0) {
      throw new Error(`axe found serious or critical violations:\n${findings.join('\n')}`);
    }
  }, 120_000);

  it('tells screen readers of a burst of live changes to the list in one polite message', async () => {
    context = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: { width: 1400, height: 900 }, timezoneId: 'Europe/Berlin' });
    const page = await openLoggedIn(context);
    const region = page.getByTestId('live-announcement');
    expect(await region.getAttribute('aria-live')).toBe('polite');
    expect(await region.textContent()).toBe('');
    // Every text the region is given, as a screen reader would hear it.
    await page.evaluate(() => {
      const said: string[] = [];
      Object.assign(window, { said });
      const element = document.querySelector('[data-testid="live-announcement"]') as HTMLElement;
      new MutationObserver(() => said.push((element.textContent ?? '').trim())).observe(element, { childList: true, characterData: true, subtree: true });
    });
    const ids = await page.locator('[role="row"][data-order-id]').evaluateAll((rows) => rows.slice(0, 3).map((row) => row.getAttribute('data-order-id')));
    // The three saves go out together, as a burst does: signing in and reading the versions first
    // keeps a slow sign-in from spreading them over more than the announcer's gathering time.
    const headers = await colleagueHeaders(GERMAN_USER);
    const seen = await Promise.all(ids.map(async (id) => ({ id, version: await versionOf(headers, `/orders/${id}`) })));
    await Promise.all(seen.map(({ id, version }) => saveNotes(headers, `/orders/${id}`, version, `Live ${id}`)));
    // Every announcement counts changed orders; the three are told in fewer announcements than
    // changes (one, unless the machine spread the saves over more than the gathering time).
    const changedIn = (text: string) => Number(/^(\d+) Aufträge? geändert$/.exec(text)?.[1] ?? Number.NaN);
    const said = await eventually(() => page.evaluate(() => (window as unknown as { said: string[] }).said.filter((text) => text !== '')), {
      until: (texts) => texts.reduce((sum, text) => sum + changedIn(text), 0) >= 3 || texts.some((text) => Number.isNaN(changedIn(text))),
      timeoutMs: 15_000,
      what: 'the live region to announce the three changes',
    });
    expect(said.every((text) => !Number.isNaN(changedIn(text)))).toBe(true);
    expect(said.reduce((sum, text) => sum + changedIn(text), 0)).toBe(3);
    expect(said.length).toBeLessThan(3);
  });
});
