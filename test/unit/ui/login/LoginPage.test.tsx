import { act, fireEvent, screen } from '@testing-library/react';
import { PreferencesStore } from '../../../../src/domain/stores/PreferencesStore';
import { LoginPage } from '../../../../src/ui/login/LoginPage';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { demoUser, loginResult } from '../../support/demoUser';
import { renderWithServices } from '../../support/renderWithServices';

describe('LoginPage', () => {
  let bed: TestBed;

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
  });

  it('labels its fields above them in German, and in English after a switch', async () => {
    const view = renderWithServices(bed, <LoginPage />, '/login');
    expect(screen.getByLabelText('E-Mail')).toHaveProperty('type', 'email');
    expect(screen.getByLabelText('Passwort')).toHaveProperty('type', 'password');
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeTruthy();
    expect(screen.getByLabelText('E-Mail')).toBe(document.activeElement);

    await act(() => bed.container.get(PreferencesStore).changeLanguage('en'));
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByLabelText('Language')).toBeTruthy();
    view.lifecycle.dispose();
  });

  it('shows a wrong password in place, translated', async () => {
    bed.backend.on('POST /auth/login', { status: 401, body: { type: 'about:blank', title: 'Unauthorized', status: 401 } });
    const view = renderWithServices(bed, <LoginPage />, '/login');
    fireEvent.change(screen.getByLabelText('E-Mail'), { target: { value: demoUser.email } });
    fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: 'falsch' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect((await screen.findByRole('alert')).textContent).toBe('E-Mail oder Passwort ist falsch.');
    expect(bed.navigator.navigations).toEqual([]);
    view.lifecycle.dispose();
  });

  it('asks for both fields before sending anything', async () => {
    const view = renderWithServices(bed, <LoginPage />, '/login');
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Bitte geben Sie E-Mail und Passwort ein.');
    expect(bed.backend.requests).toEqual([]);
    view.lifecycle.dispose();
  });

  it('logs in and goes to returnTo', async () => {
    bed.backend.on('POST /auth/login', { status: 200, body: loginResult(bed.clock.now()) });
    const view = renderWithServices(bed, <LoginPage />, '/login?returnTo=%2Fsettings');
    fireEvent.change(screen.getByLabelText('E-Mail'), { target: { value: demoUser.email } });
    fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: 'cockpit-demo' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Anmelden' })));
    expect(bed.navigator.navigations).toEqual(['/settings']);
    view.lifecycle.dispose();
  });
});
