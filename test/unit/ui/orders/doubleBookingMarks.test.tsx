import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { LiveOrderUpdates } from '../../../../src/domain/lifecycle/LiveOrderUpdates';
import { DOUBLE_BOOKINGS_DEBOUNCE_MS } from '../../../../src/domain/stores/DoubleBookingsStore';
import { OrdersListStore } from '../../../../src/domain/stores/OrdersListStore';
import { OrdersPage } from '../../../../src/ui/orders/OrdersPage';
import type { TestBed } from '../../support/createTestContainer';
import { doubleBookingBed, Search } from '../../support/doubleBookingBed';
import { makeOrders } from '../../support/FakeOrdersApi';
import { renderWithServices } from '../../support/renderWithServices';

describe('double bookings in the orders list', () => {
  let bed: TestBed;
  let doubleBooked: string[];
  const orders = makeOrders(3);

  beforeEach(() => {
    doubleBooked = ['o-2'];
    bed = doubleBookingBed(orders, () => doubleBooked);
  });

  afterEach(() => {
    bed.container.get(LiveOrderUpdates).dispose();
    bed.container.get(OrdersListStore).dispose();
  });

  const mark = (id: string) => document.querySelector(`[data-order-id="${id}"] .cockpit-double-booked-mark`);
  const reads = () => bed.backend.requests.filter((request) => request.url === '/orders/double-bookings');

  it('marks the rows the backend names for the list\'s days with a named sign, in both languages, and reads them again after a live change', async () => {
    const view = renderWithServices(bed, <OrdersPage />, '/orders');
    await waitFor(() => expect(mark('o-2')).not.toBeNull());
    expect(mark('o-1')).toBeNull();
    expect(reads()[0]?.params).toEqual({ from: '2026-11-15T23:00:00.000Z', to: '2026-11-22T22:59:59.999Z' });
    expect(mark('o-2')?.getAttribute('role')).toBe('img');
    expect(mark('o-2')?.getAttribute('aria-label')).toBe('Doppelbuchung: Das Fahrzeug ist zur selben Zeit in einem anderen Auftrag gebucht');
    expect(mark('o-2')?.getAttribute('title')).toBe(mark('o-2')?.getAttribute('aria-label'));
    await act(() => view.i18n.changeLanguage('en'));
    await waitFor(() => expect(mark('o-2')?.getAttribute('aria-label')).toBe('Double booking: the vehicle is booked in another order at the same time'));

    doubleBooked = ['o-1', 'o-3'];
    const live = bed.container.get(LiveOrderUpdates);
    live.start();
    act(() => bed.events.emit('order.updated', { ...orders[2]!, version: 2 }, '1'));
    act(() => bed.frames.frame());
    expect(reads()).toHaveLength(1);
    act(() => bed.timers.advance(DOUBLE_BOOKINGS_DEBOUNCE_MS));
    await waitFor(() => expect(mark('o-1')).not.toBeNull());
    expect(reads()).toHaveLength(2);
    expect(mark('o-2')).toBeNull();
    view.unmount();
  });

  it('shows only double bookings with the filter, asking the list for them and keeping it in the URL', async () => {
    const view = renderWithServices(
      bed,
      <>
        <OrdersPage />
        <Search />
      </>,
      '/orders',
    );
    const filter = await screen.findByLabelText('Nur Doppelbuchungen');
    fireEvent.click(filter);
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('?doubleBooked=true'));
    await waitFor(() => expect(bed.backend.requests.some((request) => request.url === '/orders' && request.params.doubleBooked === 'true')).toBe(true));
    await waitFor(() => expect(document.querySelectorAll('[data-order-id]')).toHaveLength(1));
    view.unmount();
  });

  it('reads the filter back from the URL', async () => {
    const view = renderWithServices(bed, <OrdersPage />, '/orders?doubleBooked=true');
    const filter = await screen.findByLabelText('Nur Doppelbuchungen');
    expect(filter).toHaveProperty('checked', true);
    await waitFor(() => expect(bed.backend.requests.find((request) => request.url === '/orders')?.params.doubleBooked).toBe('true'));
    view.unmount();
  });
});
