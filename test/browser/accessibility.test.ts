import type { BrowserContext, Page } from 'playwright-core';
import { injectAxe } from './support/axe';
import { auditInSchemes, expectNoFindings, type AuditLog } from './support/auditInSchemes';
import { auditPlanningBoard, auditViewerRefusal, PLANNING_STATES } from './support/auditPlanningBoard';
import { GERMAN_ADMIN, LANGUAGES, type Language } from './support/accessibilityTexts';
import { changeElsewhere, colleagueHeaders, saveNotes, versionOf } from './support/colleagueChanges';
import { eventually } from '../support/eventually';
import { BRITISH_VIEWER, GERMAN_USER, openLoggedIn, storedState } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';

const DESK = { width: 1400, height: 900 };
/** The counter's tablet (portrait) and the yard's phone. */
const TABLET = { width: 820, height: 1180 };
const PHONE = { width: 390, height: 844 };

const rows = (page: Page) => page.locator('[role="row"][data-order-id]');

/** Two rows of the list on screen whose orders have the same status, one that can still change (neither completed nor cancelled). */
async function twoOfOneStatus(page: Page): Promise<[number, number]> {
  const statuses = await rows(page).evaluateAll((found) => found.map((row) => row.querySelector('.cockpit-status')?.className ?? ''));
  for (let first = 0; first < statuses.length; first++) {
    const second = statuses.indexOf(statuses[first] ?? '', first + 1);
    if (/cockpit-status-(new|confirmed|in_progress)$/.test(statuses[first] ?? '') && second > 0) {
      return [first, second];
    }
  }
  throw new Error(`no two orders of one status among ${statuses.join(', ')}`);
}

describe('the console for every operator (axe-core, WCAG 2.2 AA)', () => {
  const run = useCockpitInChromium();
  let context: BrowserContext;

  afterEach(async () => {
    await context?.close();
  });

  /** A new context of the file's backend at the desk's size, axe-core in its every page; answers its first page. */
  async function auditedPage(): Promise<Page> {
    context = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: DESK, reducedMotion: 'reduce', timezoneId: 'Europe/Berlin' });
    await injectAxe(context);
    return context.newPage();
  }

  /** Sends the login form with `user`'s email and password, in `language` (chosen on the login page). */
  async function signIn(page: Page, language: Language, user: { email: string; password: string }): Promise<void> {
    const texts = LANGUAGES[language];
    await page.goto('/login');
    await page.getByRole('combobox').selectOption(language);
    await page.getByLabel(texts.email).fill(user.email);
    await page.getByLabel(texts.password).fill(user.password);
    await page.getByRole('button', { name: texts.logIn }).click();
  }

  it.each(Object.keys(LANGUAGES) as Language[])('has no serious or critical violation on the orders, their dialogs, the planning board and narrow screens, in %s, light and dark', async (language) => {
    const texts = LANGUAGES[language];
    const log: AuditLog = { checked: [], findings: [] };
    const page = await auditedPage();
    const audit = auditInSchemes(page, language, log);

    // The login page with the error of a wrong password, in the language chosen there.
    await signIn(page, language, { email: texts.user.email, password: 'not-the-password' });
    await page.getByText(texts.wrongCredentials).waitFor();
    await audit('login with an error');

    // The orders list, live.
    await page.getByLabel(texts.password).fill(texts.user.password);
    await page.getByRole('button', { name: texts.logIn }).click();
    const firstRow = rows(page).first();
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
    await changeElsewhere(run.cockpit.url, texts.user, orderPath, 'Notiz des Kollegen / colleague\'s note');
    await page.getByTestId('changed-elsewhere').waitFor();
    await page.getByRole('button', { name: texts.save, exact: true }).click();
    const conflict = page.getByRole('dialog', { name: texts.conflict });
    await conflict.waitFor();
    await audit('conflict dialog');
    await conflict.getByRole('button', { name: texts.takeTheirs }).click();
    await conflict.waitFor({ state: 'hidden' });
    await page.keyboard.press('Escape');
    await page.waitForURL(/\/orders(\?|$)/);

    // The new order's form, fresh and with the problems of sending it empty.
    await page.getByTestId('new-order').click();
    const dialog = page.getByRole('dialog', { name: texts.newOrder });
    await dialog.waitFor();
    await audit('new order dialog');
    await dialog.getByRole('button', { name: texts.createOrder }).click();
    await dialog.locator('.bp6-intent-danger').first().waitFor();
    await audit('new order dialog with its problems');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The tour.
    await page.getByRole('button', { name: texts.tour }).click();
    await page.getByTestId('tour-card').waitFor();
    await audit('tour');
    await page.keyboard.press('Escape');
    await page.getByTestId('tour-card').waitFor({ state: 'hidden' });

    // The saved views: the menu, the dialog with a view saved, a name taken, and a deletion asked.
    await page.getByTestId('views-menu').click();
    await page.getByTestId('manage-views').waitFor();
    await audit('saved views menu');
    await page.getByTestId('manage-views').click();
    await page.getByLabel(texts.saveViewAs).fill(texts.viewName);
    await page.getByRole('button', { name: texts.save, exact: true }).click();
    const view = page.getByTestId('saved-view');
    await view.waitFor();
    await page.getByLabel(texts.saveViewAs).fill(texts.viewName);
    await page.getByText(texts.viewTaken).waitFor();
    await audit('saved views dialog, a name taken');
    await view.getByRole('button', { name: texts.deleteView, exact: true }).click();
    await view.getByRole('button', { name: texts.deleteView, exact: true }).waitFor({ state: 'detached' });
    await audit('saved views dialog, a deletion asked');
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'hidden' });

    // The columns of the list.
    await page.getByTestId('columns-menu').click();
    await page.getByTestId('columns-panel').waitFor();
    await audit('columns dialog');
    await page.keyboard.press('Escape');
    await page.getByTestId('columns-panel').waitFor({ state: 'hidden' });

    // The bulk bar of two orders selected, and its report after one of them changed underneath.
    const [first, second] = await twoOfOneStatus(page);
    const stale = (await rows(page).nth(second).getAttribute('data-order-id')) ?? '';
    await rows(page).nth(first).click({ modifiers: ['Control'] });
    await rows(page).nth(second).click({ modifiers: ['Control'] });
    const bar = page.getByTestId('bulk-bar');
    await bar.getByText(texts.selected).waitFor();
    await audit('bulk bar');
    await changeElsewhere(run.cockpit.url, texts.user, `/orders/${stale}`, 'Geändert / changed');
    await bar.locator('.cockpit-bulk-actions button').first().click();
    const report = page.getByTestId('bulk-report');
    await report.getByText(texts.notChanged).waitFor();
    await audit('bulk report with a refusal');
    await report.getByRole('button', { name: texts.closeReport }).click();
    await bar.getByRole('button', { name: texts.clearSelection }).click();
    await bar.waitFor({ state: 'hidden' });

    // The orders and an open order on the tablet and on the phone (their cards), the same page resized.
    for (const [screen, size, item] of [
      ['tablet', TABLET, '[role="row"][data-order-id]'],
      ['phone', PHONE, '.cockpit-order-card[data-order-id]'],
    ] as const) {
      await page.setViewportSize(size);
      const firstItem = page.locator(item).first();
      await firstItem.waitFor();
      await audit(`orders (${screen})`);
      await (screen === 'phone' ? firstItem.locator('.cockpit-order-card-number') : firstItem).click();
      await page.waitForURL(/\/orders\/[0-9a-f-]+$/);
      await page.getByLabel(texts.notes).waitFor();
      await audit(`open order (${screen})`);
      await page.keyboard.press('Escape');
      await page.waitForURL(/\/orders(\?|$)/);
    }
    await page.setViewportSize(DESK);

    // The planning board at the desk's, a tablet's and a phone's width, a bar moved with the keyboard.
    await auditPlanningBoard(page, texts.planning, audit);

    // The settings, reached through the user menu.
    await page.getByRole('button', { name: texts.userMenu }).click();
    await page.getByRole('menuitem', { name: texts.settings }).click();
    await page.waitForURL(/\/settings$/);
    await page.getByRole('heading', { name: texts.settings }).first().waitFor();
    await audit('settings');

    expect((await storedState(page)).auth?.language).toBe(language);
    expectNoFindings(log);
    expect(log.checked).toHaveLength(2 * (18 + PLANNING_STATES));
  }, 300_000);

  it.each(Object.keys(LANGUAGES) as Language[])('has no serious or critical violation on the users page, its dialogs and the first sign-in, in %s, light and dark', async (language) => {
    const texts = LANGUAGES[language];
    const log: AuditLog = { checked: [], findings: [] };
    const newcomer = { name: `Lea Vogt ${language}`, email: `lea.vogt.${language}@autohaus-nord.example` };
    const page = await auditedPage();
    const audit = auditInSchemes(page, language, log);
    await signIn(page, language, GERMAN_ADMIN);
    await rows(page).first().waitFor();
    // The admin's own language is German: the console's switch puts it in the language audited.
    await page.locator('.cockpit-language-switch select').selectOption(language);

    // The users, reached through the user menu.
    await page.getByRole('button', { name: texts.userMenu }).click();
    await page.getByTestId('users-link').click();
    await page.getByRole('table').getByText(GERMAN_ADMIN.email).waitFor();
    await audit('users');

    // A new user: the dialog with a problem told, then the one-time password handed over.
    await page.getByTestId('add-user').click();
    const adding = page.getByRole('dialog', { name: texts.addUser });
    await adding.getByLabel(texts.name).fill(newcomer.name);
    await adding.getByLabel(texts.email).fill('lea.vogt@autohaus-nord');
    await adding.getByLabel(texts.role).focus();
    await adding.getByText(texts.emailProblem).waitFor();
    await audit('new user dialog with a problem');
    await adding.getByLabel(texts.email).fill(newcomer.email);
    await adding.getByRole('button', { name: texts.create, exact: true }).click();
    const handover = page.getByRole('dialog', { name: texts.oneTimePassword });
    await handover.getByTestId('one-time-password').waitFor();
    await audit('one-time password dialog');
    await handover.getByRole('button', { name: texts.done }).click();
    await handover.waitFor({ state: 'hidden' });

    // The user edited: the role changed (its notice on screen), and a new one-time password given.
    const row = page.locator(`tr[data-user="${newcomer.email}"]`);
    await row.getByRole('combobox').selectOption('operator');
    await page.getByText(texts.roleChanged).waitFor();
    await audit('users after a role change');
    await row.getByRole('button', { name: texts.resetPassword }).click();
    await handover.getByTestId('one-time-password').waitFor();
    const oneTimePassword = await handover.getByTestId('one-time-password').inputValue();
    await audit('new one-time password dialog');
    await handover.getByRole('button', { name: texts.done }).click();
    await handover.waitFor({ state: 'hidden' });
    await context.close();

    // The newcomer's first sign-in: their own password asked for, its rule told as it is typed.
    const first = await auditedPage();
    const auditFirst = auditInSchemes(first, language, log);
    await signIn(first, language, { email: newcomer.email, password: oneTimePassword });
    await first.getByRole('heading', { name: texts.firstTitle }).waitFor();
    await first.getByLabel(texts.newPassword, { exact: true }).fill('kurz');
    await first.getByText(texts.soFar).waitFor();
    await auditFirst('first sign-in password form');

    expectNoFindings(log);
    expect(log.checked).toHaveLength(2 * 6);
  }, 180_000);

  it.each(Object.keys(LANGUAGES) as Language[])('has no serious or critical violation where a viewer is told why bars do not move, in %s, light and dark', async (language) => {
    const log: AuditLog = { checked: [], findings: [] };
    const page = await auditedPage();
    await signIn(page, language, BRITISH_VIEWER);
    await rows(page).first().waitFor();
    // The viewer's own language is English: the console's switch puts it in the language audited.
    await page.locator('.cockpit-language-switch select').selectOption(language);
    await auditViewerRefusal(page, auditInSchemes(page, language, log));
    expectNoFindings(log);
    expect(log.checked).toHaveLength(2);
  });

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
    const headers = await colleagueHeaders(run.cockpit.url, GERMAN_USER);
    const seen = await Promise.all(ids.map(async (id) => ({ id, version: await versionOf(run.cockpit.url, headers, `/orders/${id}`) })));
    await Promise.all(seen.map(({ id, version }) => saveNotes(run.cockpit.url, headers, `/orders/${id}`, version, `Live ${id}`)));
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
