import { Icons } from '@blueprintjs/icons';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { NOTIFICATION_STATES } from '../../../../src/domain/model/NotificationState';
import { AuthApi } from '../../../../src/domain/ports/AuthApi';
import { Notifier } from '../../../../src/domain/ports/Notifier';
import { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { ThemeSettingsStore } from '../../../../src/domain/stores/ThemeSettingsStore';
import { createI18n } from '../../../../src/infrastructure/i18n/createI18n';
import de from '../../../../src/ui/locales/settings.de.json';
import en from '../../../../src/ui/locales/settings.en.json';
import { allResources } from '../../support/allTexts';
import { ServiceContext } from '../../../../src/ui/services/ServiceContext';
import { SettingsPage } from '../../../../src/ui/settings/SettingsPage';
import type { FakeAnswer } from '../../support/FakeBackend';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { demoAdmin, demoUser, loginResult } from '../../support/demoUser';

/** The settings page with the test container's services and the real texts, German first. */
function renderSettings(bed: TestBed) {
  bed.container
    .rebind(ThemeSettingsStore)
    .toResolvedValue(
      (session: SessionStore, api: AuthApi, notifier: Notifier) => new ThemeSettingsStore(session, api, notifier),
      [SessionStore, AuthApi, Notifier],
    )
    .inSingletonScope();
  const i18n = createI18n(allResources);
  const view = render(
    <ServiceContext.Provider value={bed.container}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/settings']}>
          <SettingsPage />
        </MemoryRouter>
      </I18nextProvider>
    </ServiceContext.Provider>,
  );
  return { ...view, i18n };
}

const patches = (bed: TestBed) => bed.backend.requests.filter((request) => request.method === 'PATCH' && request.url === '/me');

/** The colour of an element's inline style as the browser reports it, or '' when the style sheet paints it. */
const background = (testId: string) => screen.getByTestId(testId).style.backgroundColor;
const foreground = (testId: string) => screen.getByTestId(testId).style.color;

describe('SettingsPage: theme colours', () => {
  let bed: TestBed;
  let session: SessionStore;

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
    session = bed.container.get<SessionStore>(SessionStore);
    session.signIn(loginResult(bed.clock.now(), demoAdmin));
  });

  it('shows an operator the tenant\'s colours to read, says that an admin sets them, and offers no save', async () => {
    session.signIn(loginResult(bed.clock.now(), demoUser));
    const { i18n } = renderSettings(bed);
    expect(screen.getByLabelText('Kopfleiste')).toHaveProperty('value', '#0b3d91');
    expect(screen.getByLabelText('Kopfleiste')).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Farbe auswählen: Kopfleiste')).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Farbe entfernen: Werkzeugleiste' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Farben speichern' })).toBeNull();
    expect(screen.getByTestId('colors-admin-only').textContent).toBe('Die Farben legt ein Administrator fest; Ihre Rolle ist Disponent.');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('colors-admin-only').textContent).toBe('The colours are set by an Administrator; your role is Operator.');
    // The language stays the operator's own to change.
    expect(screen.getByRole('radio', { name: 'English' })).toHaveProperty('disabled', false);
  });

  it('labels the three colours, their pickers and clear buttons in German, and in English after a switch', async () => {
    const { i18n } = renderSettings(bed);
    expect(screen.getByRole('heading', { name: 'Farben' })).toBeTruthy();
    expect(screen.getByLabelText('Kopfleiste')).toHaveProperty('value', '#0b3d91');
    expect(screen.getByLabelText('Werkzeugleiste')).toHaveProperty('value', '#1f6feb');
    expect(screen.getByLabelText('Primäre Schaltflächen')).toHaveProperty('value', '#c2410c');
    expect(screen.getByLabelText('Farbe auswählen: Kopfleiste')).toHaveProperty('type', 'color');
    expect(screen.getByRole('button', { name: 'Farbe entfernen: Werkzeugleiste' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Farben speichern' })).toHaveProperty('disabled', true);

    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('heading', { name: 'Colours' })).toBeTruthy();
    expect(screen.getByLabelText('Header toolbar')).toBeTruthy();
    expect(screen.getByLabelText('Primary toolbar')).toBeTruthy();
    expect(screen.getByLabelText('Primary buttons')).toBeTruthy();
    expect(screen.getByLabelText('Pick a colour: Primary buttons')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear colour: Header toolbar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save colours' })).toBeTruthy();
  });

  it('previews the colours being edited at once, with readable text, before anything is saved', () => {
    renderSettings(bed);
    expect(screen.getByRole('figure', { name: 'Vorschau' })).toBeTruthy();
    expect(background('preview-header')).toBe('rgb(11, 61, 145)');
    expect(foreground('preview-header')).toBe('rgb(255, 255, 255)');
    expect(screen.getByTestId('preview-header').textContent).toContain('Autohaus Nord');

    fireEvent.change(screen.getByLabelText('Kopfleiste'), { target: { value: '#ffd43b' } });
    expect(background('preview-header')).toBe('rgb(255, 212, 59)');
    expect(foreground('preview-header')).toBe('rgb(28, 33, 39)');

    fireEvent.change(screen.getByLabelText('Farbe auswählen: Werkzeugleiste'), { target: { value: '#2f9e44' } });
    expect(screen.getByLabelText('Werkzeugleiste')).toHaveProperty('value', '#2f9e44');
    expect(background('preview-toolbar')).toBe('rgb(47, 158, 68)');

    fireEvent.change(screen.getByLabelText('Primäre Schaltflächen'), { target: { value: 'hsl(0 0% 90%)' } });
    expect(background('preview-button')).toBe('rgb(230, 230, 230)');
    expect(foreground('preview-button')).toBe('rgb(28, 33, 39)');

    expect(session.colors).toEqual(demoAdmin.theme);
    expect(bed.backend.requests).toEqual([]);
  });

  it('shows the console’s own colour in the preview for a cleared colour, and saves the clearing as null', async () => {
    bed.backend.on('PATCH /me', { status: 200, body: { ...demoAdmin, theme: { color1: '#0b3d91', color3: '#c2410c' } } });
    renderSettings(bed);
    fireEvent.click(screen.getByRole('button', { name: 'Farbe entfernen: Werkzeugleiste' }));
    expect(screen.getByLabelText('Werkzeugleiste')).toHaveProperty('value', '');
    expect(background('preview-toolbar')).toBe('');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Farben speichern' })));
    expect(patches(bed).map((request) => request.body)).toEqual([{ theme: { color2: null } }]);
    expect(session.colors).toEqual({ color1: '#0b3d91', color3: '#c2410c' });
  });

  it('names an invalid colour in place once the field is left, and sends nothing', async () => {
    renderSettings(bed);
    const field = screen.getByLabelText('Kopfleiste');
    fireEvent.change(field, { target: { value: 'red;}body{display:none}' } });
    expect(screen.queryByText('Bitte geben Sie eine Farbe der Form #rgb, #rrggbb, rgb() oder hsl() ein.')).toBeNull();
    expect(background('preview-header')).toBe('');

    fireEvent.blur(field);
    expect(screen.getByText('Bitte geben Sie eine Farbe der Form #rgb, #rrggbb, rgb() oder hsl() ein.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText('Primäre Schaltflächen'), { target: { value: 'url(//x)' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Farben speichern' })));
    expect(screen.getAllByText('Bitte geben Sie eine Farbe der Form #rgb, #rrggbb, rgb() oder hsl() ein.')).toHaveLength(2);
    expect(bed.backend.requests).toEqual([]);
  });

  it('shows the backend’s refusal (422) at the field and keeps what was typed', async () => {
    bed.backend.on('PATCH /me', {
      status: 422,
      body: {
        type: 'about:blank',
        title: 'Ungültiger Wert',
        status: 422,
        errors: [{ field: 'theme.color1', message: 'muss eine Farbe der Form #rgb, #rrggbb, rgb() oder hsl() sein' }],
      },
    });
    renderSettings(bed);
    fireEvent.change(screen.getByLabelText('Kopfleiste'), { target: { value: '#abcdef' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Farben speichern' })));
    expect(screen.getByText('muss eine Farbe der Form #rgb, #rrggbb, rgb() oder hsl() sein')).toBeTruthy();
    expect(screen.getByLabelText('Kopfleiste')).toHaveProperty('value', '#abcdef');
    expect(session.colors).toEqual(demoAdmin.theme);
  });

  it('cannot send twice while saving, and the session takes the saved colours', async () => {
    let answer: (value: FakeAnswer) => void = () => undefined;
    bed.backend.on('PATCH /me', () => new Promise<FakeAnswer>((resolve) => (answer = resolve)));
    renderSettings(bed);
    fireEvent.change(screen.getByLabelText('Kopfleiste'), { target: { value: '#123456' } });
    const save = screen.getByRole('button', { name: 'Farben speichern' });
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() => expect(patches(bed)).toHaveLength(1));
    expect(save).toHaveProperty('disabled', true);
    fireEvent.click(save);

    await act(async () => answer({ status: 200, body: { ...demoAdmin, theme: { ...demoAdmin.theme, color1: '#123456' } } }));
    expect(patches(bed)).toHaveLength(1);
    expect(session.colors.color1).toBe('#123456');
    expect(bed.notifier.toasts).toEqual([{ message: 'settings.colorsSaved', intent: 'success' }]);
    expect(screen.getByRole('button', { name: 'Farben speichern' })).toHaveProperty('disabled', true);
  });

  it('tells a failed save in German and keeps what was typed', async () => {
    renderSettings(bed);
    fireEvent.change(screen.getByLabelText('Werkzeugleiste'), { target: { value: 'rgb(10, 20, 30)' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Farben speichern' })));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Die Farben wurden nicht gespeichert')).toBeTruthy();
    expect(alert.textContent).toContain('Der Server ist nicht erreichbar.');
    expect(screen.getByLabelText('Werkzeugleiste')).toHaveProperty('value', 'rgb(10, 20, 30)');
    expect(session.colors).toEqual(demoAdmin.theme);
    expect(screen.getByRole('button', { name: 'Farben speichern' })).toHaveProperty('disabled', false);
  });

  it('discards the edits and starts from the colours in effect on every visit', () => {
    const first = renderSettings(bed);
    fireEvent.change(screen.getByLabelText('Kopfleiste'), { target: { value: '#000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Änderungen verwerfen' }));
    expect(screen.getByLabelText('Kopfleiste')).toHaveProperty('value', '#0b3d91');

    fireEvent.change(screen.getByLabelText('Kopfleiste'), { target: { value: '#000' } });
    first.unmount();
    render(
      <ServiceContext.Provider value={bed.container}>
        <I18nextProvider i18n={first.i18n}>
          <MemoryRouter>
            <SettingsPage />
          </MemoryRouter>
        </I18nextProvider>
      </ServiceContext.Provider>,
    );
    expect(screen.getByLabelText('Kopfleiste')).toHaveProperty('value', '#0b3d91');
  });
});

describe('SettingsPage: notifications', () => {
  let bed: TestBed;

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
    bed.container.get<SessionStore>(SessionStore).signIn(loginResult(bed.clock.now(), demoAdmin));
  });

  /** The state of notifications as the page shows it: its heading, then the state and what to do. */
  const shown = () => {
    const section = screen.getByRole('region', { name: /^(Benachrichtigungen|Notifications)$/ });
    const status = within(section).getByRole('status');
    return { state: status.dataset.state, text: status.textContent };
  };

  it.each([
    [
      'on',
      'Ein',
      'Neue Aufträge erscheinen als Benachrichtigung, auch wenn die Konsole im Hintergrund ist.',
      'On',
      'New orders appear as notifications, even while the console is in the background.',
    ],
    [
      'blocked',
      'Vom Browser blockiert',
      'So erlauben Sie sie: Klicken Sie auf das Symbol links neben der Adresse, erlauben Sie dort Benachrichtigungen für diese Website und laden Sie die Seite neu.',
      'Blocked by the browser',
      'To allow them, click the icon to the left of the address, allow notifications for this site there and reload the page.',
    ],
    [
      'notAsked',
      'Noch nicht gefragt',
      'Der Browser fragt beim nächsten Laden der Konsole, ob sie Benachrichtigungen zeigen darf.',
      'Not asked yet',
      'The browser asks the next time the console loads whether it may show notifications.',
    ],
    [
      'unsupported',
      'Nicht unterstützt',
      'Dieser Browser kann keine Benachrichtigungen der Konsole zeigen. Neue Aufträge sehen Sie in der geöffneten Konsole.',
      'Not supported',
      "This browser cannot show the console's notifications. You see new orders in the open console.",
    ],
  ] as const)('shows %s in German and in English', async (state, german, germanHint, english, englishHint) => {
    bed.push.setNotifications(state);
    const { i18n } = renderSettings(bed);
    expect(screen.getByRole('heading', { name: 'Benachrichtigungen' })).toBeTruthy();
    expect(shown()).toEqual({ state, text: `${german}${germanHint}` });

    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('heading', { name: 'Notifications' })).toBeTruthy();
    expect(shown()).toEqual({ state, text: `${english}${englishHint}` });
  });

  it('draws the state’s icon with its paths, without loading the paths of every icon', () => {
    const load = jest.spyOn(Icons, 'load');
    for (const state of NOTIFICATION_STATES) {
      bed.push.setNotifications(state);
      const view = renderSettings(bed);
      const status = within(screen.getByRole('region', { name: 'Benachrichtigungen' })).getByRole('status');
      expect(status.querySelector('svg path')?.getAttribute('d')).toMatch(/^M/);
      view.unmount();
    }
    expect(load).not.toHaveBeenCalled();
    load.mockRestore();
  });

  it('has a text for every state in both languages', () => {
    for (const language of [de, en]) {
      for (const state of NOTIFICATION_STATES) {
        expect(language.settings.notificationState[state]).toBeTruthy();
        expect(language.settings.notificationStateHint[state]).toBeTruthy();
      }
    }
  });

  it('follows the state when the browser tells of a change', () => {
    bed.push.setNotifications('blocked');
    renderSettings(bed);
    expect(shown().state).toBe('blocked');
    act(() => bed.push.setNotifications('on'));
    expect(shown()).toEqual({ state: 'on', text: 'EinNeue Aufträge erscheinen als Benachrichtigung, auch wenn die Konsole im Hintergrund ist.' });
  });
});

describe('SettingsPage: password', () => {
  let bed: TestBed;
  let session: SessionStore;

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
    session = bed.container.get<SessionStore>(SessionStore);
    session.signIn(loginResult(bed.clock.now(), demoUser));
  });

  const passwordPosts = () => bed.backend.requests.filter((request) => request.method === 'POST' && request.url === '/me/password');

  it('tells the rule as the new password is typed, in both languages, and offers the change only when it can be made', async () => {
    const { i18n } = renderSettings(bed);
    const section = screen.getByRole('region', { name: 'Passwort' });
    expect(within(section).getByLabelText('Aktuelles Passwort')).toHaveProperty('type', 'password');
    const rule = () => document.getElementById('password-newPassword-help')?.textContent;
    expect(rule()).toBe('Mindestens 12 Zeichen, beliebige; keines der häufigsten Passwörter (bisher 0 Zeichen).');
    fireEvent.change(within(section).getByLabelText('Neues Passwort'), { target: { value: 'Werkstatt' } });
    expect(rule()).toBe('Mindestens 12 Zeichen, beliebige; keines der häufigsten Passwörter (bisher 9 Zeichen).');
    expect(within(section).getByLabelText('Neues Passwort').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(within(section).getByLabelText('Neues Passwort'), { target: { value: 'Werkstatt-Kiel' } });
    expect(within(section).getByLabelText('Neues Passwort').getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(within(section).getByLabelText('Neues Passwort wiederholen'), { target: { value: 'Werkstatt-Kie' } });
    expect(section.textContent).toContain('Das stimmt nicht mit dem neuen Passwort überein.');
    expect(within(section).getByRole('button', { name: 'Passwort ändern' })).toHaveProperty('disabled', true);
    fireEvent.change(within(section).getByLabelText('Neues Passwort wiederholen'), { target: { value: 'Werkstatt-Kiel' } });
    fireEvent.change(within(section).getByLabelText('Aktuelles Passwort'), { target: { value: 'cockpit-demo' } });
    expect(within(section).getByRole('button', { name: 'Passwort ändern' })).toHaveProperty('disabled', false);

    await act(() => i18n.changeLanguage('en'));
    expect(rule()).toBe('At least 12 characters, any you like; not one of the most common passwords (14 characters so far).');
    expect(screen.getByRole('button', { name: 'Change password' })).toBeTruthy();
  });

  it('shows the backend\'s refusal under the field and changes the session\'s token after a change', async () => {
    renderSettings(bed);
    const section = screen.getByRole('region', { name: 'Passwort' });
    const type = (label: string, value: string) => fireEvent.change(within(section).getByLabelText(label), { target: { value } });
    bed.backend.on('POST /me/password', {
      status: 422,
      body: { type: 'urn:order-cockpit:problem:invalid-value', title: 'Ungültiger Wert', status: 422, errors: [{ field: 'currentPassword', message: 'ist nicht Ihr aktuelles Passwort' }] },
      headers: { 'content-type': 'application/problem+json' },
    });
    type('Aktuelles Passwort', 'falsch-falsch');
    type('Neues Passwort', 'Werkstatt-Kiel');
    type('Neues Passwort wiederholen', 'Werkstatt-Kiel');
    fireEvent.click(within(section).getByRole('button', { name: 'Passwort ändern' }));
    await waitFor(() => expect(document.getElementById('password-currentPassword-help')?.textContent).toBe('ist nicht Ihr aktuelles Passwort'));

    const changed = loginResult(bed.clock.now() + 1000, demoUser);
    bed.backend.on('POST /me/password', { status: 200, body: changed });
    type('Aktuelles Passwort', 'cockpit-demo');
    fireEvent.click(within(section).getByRole('button', { name: 'Passwort ändern' }));
    await waitFor(() => expect(session.token).toBe(changed.token));
    expect(passwordPosts()).toHaveLength(2);
    expect(within(section).getByLabelText('Neues Passwort')).toHaveProperty('value', '');
  });
});

describe('SettingsPage: the theme and colours that read', () => {
  let bed: TestBed;
  let session: SessionStore;

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
    session = bed.container.get<SessionStore>(SessionStore);
    session.signIn(loginResult(bed.clock.now(), demoAdmin));
  });

  afterEach(() => session.dispose());

  it('switches the theme and saves it to the account, telling what the operating system prefers now', async () => {
    bed.systemScheme.prefer('dark');
    bed.backend.on('PATCH /me', { status: 200, body: { ...demoAdmin, colorScheme: 'light' } });
    renderSettings(bed);
    expect(screen.getByText('Darstellung')).toBeTruthy();
    expect(screen.getByLabelText('Wie das Betriebssystem')).toHaveProperty('checked', true);
    expect(screen.getByText(/jetzt: dunkel/)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Hell'));
    expect(session.colorScheme).toBe('light');
    await waitFor(() => expect(patches(bed).map((request) => request.body)).toEqual([{ colorScheme: 'light' }]));
    expect(screen.getByLabelText('Hell')).toHaveProperty('checked', true);
  });

  it('refuses a colour whose text would not read, with the reason at the field, in German and English, and sends nothing', async () => {
    const { i18n } = renderSettings(bed);
    fireEvent.change(screen.getByLabelText('Werkzeugleiste'), { target: { value: 'rgba(255, 255, 255, 0.4)' } });
    expect(screen.getByText('Text auf dieser Farbe erreicht im dunklen Design nur 4:1; mindestens 4,5:1 sind nötig.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Kopfleiste'), { target: { value: '#808080' } });
    expect(screen.getByText('Text auf dieser Farbe erreicht im hellen und im dunklen Design nur 4,1:1; mindestens 4,5:1 sind nötig.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Farben speichern' }));
    await act(async () => undefined);
    expect(patches(bed)).toEqual([]);
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByText('Text on this colour reaches only 4.1:1 in the light and the dark theme; at least 4.5:1 is needed.')).toBeTruthy();
    expect(screen.getByLabelText('Header toolbar').getAttribute('aria-invalid')).toBe('true');
  });
});
