import { act, fireEvent, screen } from '@testing-library/react';
import { ApiError } from '../../../../src/domain/model/ApiError';
import type { Problem } from '../../../../shared/Problem';
import { OrdersExport } from '../../../../src/domain/ports/OrdersExport';
import { OrdersListStore } from '../../../../src/domain/stores/OrdersListStore';
import { PreferencesStore } from '../../../../src/domain/stores/PreferencesStore';
import { OrdersPage } from '../../../../src/ui/orders/OrdersPage';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { renderWithServices } from '../../support/renderWithServices';

/** The API's answer to a range longer than it takes, in German (as asked by `x-ui-locale: de`). */
const rangeTooLong: Problem = {
  type: 'urn:order-cockpit:problem:validation',
  title: 'Ungültige Anfrage',
  status: 400,
  detail: 'Einige Angaben der Anfrage sind ungültig, siehe errors.',
  errors: [{ field: 'end', message: 'darf höchstens 366 Tage nach begin liegen' }],
};

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

const failure = () => screen.getByText('Die Aufträge konnten nicht geladen werden').closest('.bp6-non-ideal-state') as HTMLElement;

describe('Orders list failure', () => {
  let bed: TestBed;

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
  });

  afterEach(() => bed.container.get(OrdersListStore).dispose());

  it('shows a 400 for the range as the range refused, with the API\'s words for the field, and again after a language switch', async () => {
    bed.backend.on('GET /orders', { status: 400, body: rangeTooLong });
    const view = renderWithServices(bed, <OrdersPage />, '/orders');
    await settle();
    expect(bed.backend.requests.find((request) => request.url === '/orders')?.headers['x-ui-locale']).toBe('de');
    const panel = failure();
    expect(panel.textContent).toContain('Der Server hat den Zeitraum nicht angenommen. Wählen Sie einen Zeitraum von höchstens 366 Tagen.');
    expect(Array.from(panel.querySelectorAll('li')).map((item) => item.textContent)).toEqual(['Bis: darf höchstens 366 Tage nach begin liegen']);
    expect(panel.textContent).not.toContain('Die Anfrage wurde nicht angenommen.');
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();

    await act(() => bed.container.get(PreferencesStore).changeLanguage('en'));
    expect(screen.getByText('The server did not accept the date range. Choose a range of at most 366 days.')).toBeTruthy();
    view.lifecycle.dispose();
  });

  it('keeps the generic text for a 400 that names no field, and names other fields by their labels', async () => {
    bed.backend.on('GET /orders', { status: 400, body: { type: 'urn:order-cockpit:problem:bad-request', title: 'Fehlerhafte Anfrage', status: 400 } });
    const view = renderWithServices(bed, <OrdersPage />, '/orders');
    await settle();
    expect(failure().textContent).toContain('Die Anfrage wurde nicht angenommen.');
    expect(failure().querySelector('ul')).toBeNull();

    bed.backend.on('GET /orders', { status: 400, body: { ...rangeTooLong, errors: [{ field: 'q', message: 'darf keine Steuerzeichen enthalten' }] } });
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    await settle();
    expect(failure().textContent).toContain('Die Anfrage wurde nicht angenommen.');
    expect(Array.from(failure().querySelectorAll('li')).map((item) => item.textContent)).toEqual(['Suche: darf keine Steuerzeichen enthalten']);
    view.lifecycle.dispose();
  });

  it('tells an export refused for its range the same way', async () => {
    bed.container.rebind(OrdersExport).toConstantValue({
      download: async () => {
        throw new ApiError(400, rangeTooLong);
      },
      downloadSelection: async () => undefined,
    });
    bed.backend.on('GET /orders', { status: 200, body: { items: [], total: 0, nextCursor: null } });
    const view = renderWithServices(bed, <OrdersPage />, '/orders');
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'CSV exportieren' }));
    await settle();
    expect(bed.notifier.toasts).toEqual([expect.objectContaining({ title: 'orders.exportFailed', message: 'orders.rangeRefused', values: { days: 366 } })]);
    view.lifecycle.dispose();
  });
});
