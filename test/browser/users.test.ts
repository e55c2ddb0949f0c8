import type { BrowserContext, Page } from 'playwright-core';
import { eventually } from '../support/eventually';
import { GERMAN_USER, logIn, openLoggedIn } from './support/session';
import { useCockpitInChromium } from './support/useCockpitInChromium';

const GERMAN_ADMIN = { email: 'admin@autohaus-nord.example', password: 'cockpit-demo' };
const NEW_USER = { name: 'Lea Vogt', email: 'lea.vogt@autohaus-nord.example' };
const OWN_PASSWORD = 'Hebebühne drei 2026';

/** The company's users, administered by its admin in the console (this file's backend is its own). */
describe('the users page', () => {
  const run = useCockpitInChromium();
  const contexts: BrowserContext[] = [];

  const newContext = async () => {
    const context = await run.browser.newContext({ baseURL: run.cockpit.url, viewport: { width: 1400, height: 900 }, timezoneId: 'Europe/Berlin' });
    contexts.push(context);
    return context;
  };

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
  });

  const openUsers = async (page: Page) => {
    await page.getByRole('button', { name: 'Benutzermenü' }).click();
    await page.getByTestId('users-link').click();
    await page.getByRole('table').getByText(GERMAN_ADMIN.email).waitFor();
  };

  it('an admin adds a user, who must choose their own password at the first sign-in, and deactivates them', async () => {
    const admin = await openLoggedIn(await newContext(), GERMAN_ADMIN);
    await openUsers(admin);
    // The admin's own role and activity cannot be changed here.
    const own = admin.locator(`tr[data-user="${GERMAN_ADMIN.email}"]`);
    expect(await own.getByRole('combobox').isDisabled()).toBe(true);
    expect(await own.getByRole('button', { name: 'Deaktivieren' }).isDisabled()).toBe(true);

    await admin.getByTestId('add-user').click();
    const dialog = admin.getByRole('dialog', { name: 'Benutzer hinzufügen' });
    await dialog.getByLabel('Name').fill(NEW_USER.name);
    await dialog.getByLabel('E-Mail').fill('lea.vogt@autohaus-nord');
    await dialog.getByLabel('Rolle').focus();
    await dialog.getByText('Geben Sie eine E-Mail-Adresse wie name@firma.example ein.').waitFor();
    await dialog.getByLabel('E-Mail').fill(NEW_USER.email);
    await dialog.getByLabel('Rolle').selectOption('viewer');
    await dialog.getByRole('button', { name: 'Hinzufügen' }).click();

    const handover = admin.getByRole('dialog', { name: 'Einmalpasswort' });
    const oneTimePassword = await handover.getByTestId('one-time-password').inputValue();
    expect(oneTimePassword).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    await handover.getByRole('button', { name: 'Fertig' }).click();
    const row = admin.locator(`tr[data-user="${NEW_USER.email}"]`);
    await row.getByText('Einmalpasswort', { exact: true }).waitFor();
    await row.getByText('Nie', { exact: true }).waitFor();

    // The new user signs in with the one-time password and is asked for their own.
    const colleague = await (await newContext()).newPage();
    await colleague.goto('/login');
    await logIn(colleague, { email: NEW_USER.email, password: oneTimePassword });
    await colleague.getByRole('heading', { name: 'Eigenes Passwort wählen' }).waitFor();
    await colleague.getByLabel('Neues Passwort', { exact: true }).fill('kurz');
    await colleague.getByText('(bisher 4 Zeichen)').waitFor();
    expect(await colleague.getByRole('button', { name: 'Passwort speichern und anmelden' }).isDisabled()).toBe(true);
    await colleague.getByLabel('Neues Passwort', { exact: true }).fill(OWN_PASSWORD);
    await colleague.getByLabel('Neues Passwort wiederholen').fill(OWN_PASSWORD);
    await colleague.getByRole('button', { name: 'Passwort speichern und anmelden' }).click();
    await colleague.locator('[role="row"][data-order-id]').first().waitFor();
    await colleague.locator('.cockpit-live-indicator[data-state="live"]').waitFor({ timeout: 30_000 });

    // The admin sees the first sign-in, makes the user an operator, then deactivates them: their console ends.
    await admin.reload();
    await row.getByText('Einmalpasswort', { exact: true }).waitFor({ state: 'detached' });
    expect(await row.getByText('Nie', { exact: true }).count()).toBe(0);
    await row.getByRole('combobox').selectOption('operator');
    await admin.getByText('Die Rolle von Lea Vogt wurde geändert.').waitFor();
    await row.getByRole('button', { name: 'Deaktivieren' }).click();
    await admin.getByText('Lea Vogt wurde deaktiviert und überall abgemeldet.').waitFor();
    await row.getByText('Deaktiviert').waitFor();
    await colleague.waitForURL(/\/login/, { timeout: 30_000 });
    await logIn(colleague, { email: NEW_USER.email, password: OWN_PASSWORD });
    await colleague.getByText('Dieses Konto wurde deaktiviert. Wenden Sie sich an einen Administrator Ihres Unternehmens.').waitFor();
  }, 180_000);

  it('is not an operator\'s: no way to it in the menu, and the page says why', async () => {
    const page = await openLoggedIn(await newContext(), GERMAN_USER);
    await page.getByRole('button', { name: 'Benutzermenü' }).click();
    await page.getByRole('menuitem', { name: 'Einstellungen' }).waitFor();
    expect(await page.getByTestId('users-link').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.goto('/users');
    await page.getByText('Nur für Administratoren').waitFor();
    await eventually(() => page.getByRole('table').count(), { until: (count) => count === 0, what: 'no users table for an operator' });
  }, 60_000);
});
