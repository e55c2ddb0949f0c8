import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { AppearanceStore } from '../../../../src/domain/stores/AppearanceStore';
import { ThemeSwitch } from '../../../../src/ui/shell/ThemeSwitch';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { demoUser, loginResult } from '../../support/demoUser';
import { renderWithServices } from '../../support/renderWithServices';

describe('the header\'s theme switch', () => {
  let bed: TestBed;
  let session: SessionStore;

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
    session = bed.container.get<SessionStore>(SessionStore);
    session.signIn(loginResult(bed.clock.now()));
  });

  it('offers System, Light and Dark, switches the console at once and saves the choice to the account', async () => {
    const appearance = bed.container.get(AppearanceStore);
    appearance.start();
    bed.backend.on('PATCH /me', { status: 200, body: { ...demoUser, colorScheme: 'dark' } });
    const view = renderWithServices(bed, <ThemeSwitch />, '/orders');
    const select = screen.getByRole('combobox', { name: 'Darstellung' }) as HTMLSelectElement;
    expect([...select.options].map((option) => option.text)).toEqual(['System', 'Hell', 'Dunkel']);
    expect(select.value).toBe('system');

    fireEvent.change(select, { target: { value: 'dark' } });
    expect(bed.theme.shown).toEqual(['light', 'dark']);
    await waitFor(() =>
      expect(bed.backend.requests.filter((request) => request.method === 'PATCH' && request.url === '/me').map((request) => request.body)).toEqual([{ colorScheme: 'dark' }]),
    );
    expect(select.value).toBe('dark');
    appearance.dispose();
    view.lifecycle.dispose();
  });
});
