import { OverlaysProvider } from '@blueprintjs/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { LiveIndicator } from '../../../../src/ui/shell/LiveIndicator';
import { UserMenu } from '../../../../src/ui/shell/UserMenu';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { loginResult } from '../../support/demoUser';
import { renderWithServices } from '../../support/renderWithServices';

/** The header's overlays come after the first screen: until then the menu and the indicator are drawn without them. */
describe('the header before its overlays have arrived', () => {
  let bed: TestBed;

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
    bed.container.get<SessionStore>(SessionStore).signIn(loginResult(bed.clock.now()));
  });

  it('draws the user menu\'s button without a popover, and a click loads the overlays and opens the menu when they arrive', async () => {
    const view = renderWithServices(
      bed,
      <OverlaysProvider>
        <UserMenu />
        <LiveIndicator />
      </OverlaysProvider>,
      '/orders',
    );
    // Nothing has told that the first screen is done: the overlays have not been asked for.
    expect(document.querySelector('.bp6-popover-target')).toBeNull();
    expect(screen.getByRole('status').getAttribute('aria-label')).toBeTruthy();

    // The button's name begins with the name it shows (label in name), then says what it is.
    fireEvent.click(screen.getByRole('button', { name: 'Dana Disponent, Benutzermenü' }));

    // The overlays' module arrives as a chunk would: on a busy machine that takes longer than testing-library's one second.
    expect(await screen.findByTestId('logout', undefined, { timeout: 5000 })).toBeTruthy();
    expect(document.querySelectorAll('.bp6-popover-target')).toHaveLength(2);
    expect(screen.getByTestId('user-role').textContent).toBe('Rolle: Disponent');
    view.lifecycle.dispose();
  });

  it('gives the focus back to its button when the menu closes after an item was chosen', async () => {
    const view = renderWithServices(
      bed,
      <OverlaysProvider>
        <UserMenu />
      </OverlaysProvider>,
      '/orders',
    );
    const button = () => screen.getByRole('button', { name: 'Dana Disponent, Benutzermenü' });
    fireEvent.click(button());
    const settings = await screen.findByText('Einstellungen', undefined, { timeout: 5000 });
    (settings.closest('a') as HTMLElement).focus();
    fireEvent.click(settings);
    await waitFor(() => expect(document.activeElement).toBe(button()), { timeout: 3000 });
    view.lifecycle.dispose();
  });
});
