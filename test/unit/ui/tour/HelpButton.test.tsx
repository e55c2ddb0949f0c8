import { BlueprintProvider } from '@blueprintjs/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { PreferencesStore } from '../../../../src/domain/stores/PreferencesStore';
import { HeaderToolbar } from '../../../../src/ui/shell/HeaderToolbar';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { demoUser, loginResult } from '../../support/demoUser';
import { renderWithServices } from '../../support/renderWithServices';

// jsdom lays nothing out (every rect is empty), so each test says where the marked targets are;
// any target not listed counts as having no size. The live indicator has none unless a test says so.
type Rects = Record<string, { top: number; left: number; width: number; height: number }>;

const ON_SCREEN: Rects = {
  'date-filter': { top: 110, left: 16, width: 600, height: 60 },
  'orders-list': { top: 180, left: 0, width: 1024, height: 580 },
  language: { top: 10, left: 700, width: 150, height: 30 },
  settings: { top: 10, left: 870, width: 140, height: 30 },
};
const LIVE_ON_SCREEN: Rects = { ...ON_SCREEN, 'live-indicator': { top: 10, left: 560, width: 100, height: 30 } };

function placeTargets(rects: Rects) {
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const rect = rects[this.dataset.tour ?? ''] ?? { top: 0, left: 0, width: 0, height: 0 };
    return { ...rect, x: rect.left, y: rect.top, right: rect.left + rect.width, bottom: rect.top + rect.height, toJSON: () => rect } as DOMRect;
  });
}

/** The header with the help button and the page's own targets, as on the orders page. */
function Page() {
  return (
    <BlueprintProvider>
      <HeaderToolbar />
      <span data-tour="live-indicator">Live</span>
      <div data-tour="date-filter">Von … Bis</div>
      <div data-tour="orders-list">Aufträge</div>
    </BlueprintProvider>
  );
}

/** The orders page on a phone: cards in place of the grid. */
function PhonePage() {
  return (
    <BlueprintProvider>
      <HeaderToolbar />
      <div data-tour="order-cards">Karten</div>
    </BlueprintProvider>
  );
}

const title = () => screen.getByRole('dialog').querySelector('h4')?.textContent;
const counter = () => screen.getByTestId('tour-counter').textContent;
const helpButton = () => screen.getByRole('button', { name: 'Rundgang durch die Konsole' });
const press = (key: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key });

async function startTour() {
  fireEvent.click(helpButton());
  await screen.findByRole('dialog');
}

describe('the tour of the console', () => {
  let bed: TestBed;
  let view: ReturnType<typeof renderWithServices>;

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
    bed.container.get<SessionStore>(SessionStore).signIn(loginResult(bed.clock.now()));
  });

  afterEach(() => {
    view?.unmount();
    view?.lifecycle.dispose();
    jest.restoreAllMocks();
  });

  it('starts from the help button in the header at the date filter, with the focus in its card', async () => {
    placeTargets(ON_SCREEN);
    view = renderWithServices(bed, <Page />, '/orders');
    expect(screen.queryByRole('dialog')).toBeNull();
    await startTour();
    expect(title()).toBe('Zeitraum');
    expect(screen.getByRole('dialog').textContent).toContain('Vorauswahl wie „Diese Woche“');
    expect(counter()).toBe('1 / 4');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Weiter' })));
    expect(screen.getByRole('button', { name: 'Zurück' })).toHaveProperty('disabled', true);
  });

  it('goes forward and back with the buttons, passing over the live indicator while it has no size', async () => {
    placeTargets(ON_SCREEN);
    view = renderWithServices(bed, <Page />, '/orders');
    await startTour();
    const seen = [title()];
    while (screen.queryByRole('button', { name: 'Weiter' })) {
      fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
      seen.push(title());
    }
    expect(seen).toEqual(['Zeitraum', 'Auftragsliste', 'Sprache', 'Einstellungen']);
    expect(counter()).toBe('4 / 4');
    fireEvent.click(screen.getByRole('button', { name: 'Zurück' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zurück' }));
    expect(title()).toBe('Auftragsliste');
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(title()).toBe('Sprache');
    fireEvent.click(screen.getByRole('button', { name: 'Rundgang beenden' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the live indicator between the list and the language once it is on screen', async () => {
    placeTargets(LIVE_ON_SCREEN);
    view = renderWithServices(bed, <Page />, '/orders');
    await startTour();
    press('ArrowRight');
    press('ArrowRight');
    expect(title()).toBe('Live-Aktualisierung');
    expect(counter()).toBe('3 / 5');
  });

  it('passes over a target that has no size or lies outside the viewport, both ways', async () => {
    placeTargets({ ...LIVE_ON_SCREEN, 'orders-list': { top: 2000, left: 0, width: 1024, height: 500 }, language: { top: 10, left: 700, width: 0, height: 0 } });
    view = renderWithServices(bed, <Page />, '/orders');
    await startTour();
    press('ArrowRight');
    expect(title()).toBe('Live-Aktualisierung');
    press('ArrowRight');
    expect(title()).toBe('Einstellungen');
    press('ArrowLeft');
    expect(title()).toBe('Live-Aktualisierung');
    press('ArrowLeft');
    expect(title()).toBe('Zeitraum');
    expect(counter()).toBe('1 / 3');
  });

  it('moves with the arrow keys and ends with Esc, giving the focus back to the help button', async () => {
    placeTargets(ON_SCREEN);
    view = renderWithServices(bed, <Page />, '/orders');
    await startTour();
    press('ArrowRight');
    expect(title()).toBe('Auftragsliste');
    press('ArrowRight');
    expect(title()).toBe('Sprache');
    press('ArrowLeft');
    expect(title()).toBe('Auftragsliste');
    press('Escape');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(helpButton());
  });

  it('ends with Done on the last step and starts again at the first', async () => {
    placeTargets(ON_SCREEN);
    view = renderWithServices(bed, <Page />, '/orders');
    await startTour();
    press('ArrowRight');
    press('ArrowRight');
    press('ArrowRight');
    press('ArrowRight');
    expect(title()).toBe('Einstellungen');
    fireEvent.click(screen.getByRole('button', { name: 'Fertig' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(helpButton());
    await startTour();
    expect(title()).toBe('Zeitraum');
  });

  it('highlights the target and places its card next to it', async () => {
    placeTargets(ON_SCREEN);
    view = renderWithServices(bed, <Page />, '/orders');
    await startTour();
    const spotlight = document.querySelector<HTMLElement>('.cockpit-tour-spotlight');
    expect(spotlight?.style.top).toBe('106px');
    expect(spotlight?.style.left).toBe('12px');
    expect(spotlight?.style.width).toBe('608px');
    expect(spotlight?.style.height).toBe('68px');
    // jsdom gives the card no size: it goes below the highlight, 12px apart.
    expect(screen.getByRole('dialog').style.top).toBe('186px');
  });

  it('follows its target when the window is resized or a pane scrolls, and moves on when the target goes', async () => {
    const rects = { ...ON_SCREEN };
    placeTargets(rects);
    view = renderWithServices(bed, <Page />, '/orders');
    await startTour();
    const spotlight = () => document.querySelector<HTMLElement>('.cockpit-tour-spotlight');
    expect(spotlight()?.style.top).toBe('106px');

    rects['date-filter'] = { top: 300, left: 16, width: 600, height: 60 };
    fireEvent(window, new Event('resize'));
    await waitFor(() => expect(spotlight()?.style.top).toBe('296px'));

    rects['date-filter'] = { top: -200, left: 16, width: 600, height: 60 };
    fireEvent.scroll(screen.getByText('Aufträge', { selector: '[data-tour="orders-list"]' }));
    await waitFor(() => expect(title()).toBe('Auftragsliste'));
    expect(counter()).toBe('1 / 3');
    expect(spotlight()?.style.top).toBe('176px');
  });

  it('says so when nothing on the page can be shown', async () => {
    placeTargets({});
    view = renderWithServices(bed, <Page />, '/orders');
    await startTour();
    expect(title()).toBe('Rundgang');
    expect(screen.getByRole('dialog').textContent).toContain('Auf dieser Seite lässt sich gerade nichts zeigen.');
    expect(screen.queryByTestId('tour-counter')).toBeNull();
  });

  it('tells on the list that a click opens an order and how to select several, in German and English', async () => {
    bed.backend.on('PATCH /me', { status: 200, body: { ...demoUser, language: 'en' } });
    placeTargets(ON_SCREEN);
    view = renderWithServices(bed, <Page />, '/orders');
    await startTour();
    press('ArrowRight');
    expect(title()).toBe('Auftragsliste');
    const german = screen.getByRole('dialog').textContent;
    expect(german).toContain('Ein Klick oder Tipp auf einen Auftrag öffnet ihn neben der Liste');
    expect(german).toContain('mit dem Kästchen am Anfang ihrer Zeile, mit Strg-Klick (Mac: ⌘-Klick) oder der Leertaste');
    expect(german).toContain('Umschalt-Klick wählt alle bis zur angeklickten Zeile aus');
    expect(german).not.toContain('Doppelklick');
    await act(() => bed.container.get(PreferencesStore).changeLanguage('en'));
    const english = screen.getByRole('dialog').textContent;
    expect(english).toContain('Click or tap an order to open it beside the list');
    expect(english).toContain('with the box at the start of their rows, with Ctrl-click (Mac: ⌘-click) or with Space');
    expect(english).toContain('Shift-click selects every order up to the row clicked');
  });

  it('tells on a phone that a tap on a card opens its order', async () => {
    placeTargets({ 'order-cards': { top: 120, left: 0, width: 390, height: 700 }, settings: { top: 10, left: 300, width: 44, height: 44 } });
    view = renderWithServices(bed, <PhonePage />, '/orders');
    await startTour();
    expect(title()).toBe('Auftragsliste');
    expect(screen.getByRole('dialog').textContent).toContain('Ein Tipp auf eine Karte öffnet den Auftrag');
    expect(counter()).toBe('1 / 2');
  });

  it('speaks English after a switch', async () => {
    bed.backend.on('PATCH /me', { status: 200, body: { ...demoUser, language: 'en' } });
    placeTargets(ON_SCREEN);
    view = renderWithServices(bed, <Page />, '/orders');
    await act(() => bed.container.get(PreferencesStore).changeLanguage('en'));
    fireEvent.click(screen.getByRole('button', { name: 'Tour of the console' }));
    await screen.findByRole('dialog');
    expect(title()).toBe('Date range');
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'End the tour' })).toBeTruthy();
  });
});
