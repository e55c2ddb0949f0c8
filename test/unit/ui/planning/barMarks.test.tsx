import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { BURST_INTERVAL_MS, LiveOrderUpdates } from '../../../../src/domain/lifecycle/LiveOrderUpdates';
import { DOUBLE_BOOKINGS_DEBOUNCE_MS } from '../../../../src/domain/stores/DoubleBookingsStore';
import { OrdersListStore } from '../../../../src/domain/stores/OrdersListStore';
import { PlanningBoardStore } from '../../../../src/domain/stores/PlanningBoardStore';
import { PlanningPage } from '../../../../src/ui/planning/PlanningPage';
import type { TestBed } from '../../support/createTestContainer';
import { doubleBookingBed, Search } from '../../support/doubleBookingBed';
import { makeOrders } from '../../support/FakeOrdersApi';
import { renderWithServices } from '../../support/renderWithServices';

const MARKER_DE = 'Doppelbuchung: Das Fahrzeug ist zur selben Zeit in einem anderen Auftrag gebucht';

describe('the marks on the planning board’s bars', () => {
  let bed: TestBed;
  let doubleBooked: string[];
  const orders = makeOrders(3);

  beforeEach(() => {
    doubleBooked = ['o-2'];
    bed = doubleBookingBed(orders, () => doubleBooked);
  });

  afterEach(() => {
    bed.container.get(LiveOrderUpdates).dispose();
    bed.container.get(PlanningBoardStore).dispose();
    bed.container.get(OrdersListStore).dispose();
  });

  const bar = (id: string) => document.querySelector<HTMLElement>(`.cockpit-planning-bar[data-order-id="${id}"]`);
  const label = (id: string) => bar(id)?.getAttribute('aria-label') ?? '';
  const changed = (id: string, version: number, by?: unknown) => {
    const order = orders.find((candidate) => candidate.id === id)!;
    act(() => bed.events.emit('order.updated', { ...order, version, notes: `v${version}`, previous: order, ...(by ? { by } : {}) }, String(version)));
    // The next batch of live changes: after the pause that follows one.
    act(() => bed.timers.advance(BURST_INTERVAL_MS));
    act(() => bed.frames.frame());
  };

  it('marks a double-booked bar with a sign and in its name, as the list does, and read again after a live change', async () => {
    const view = renderWithServices(bed, <PlanningPage />, '/planning');
    await waitFor(() => expect(bar('o-2')?.querySelector('.cockpit-planning-mark--double')).not.toBeNull());
    expect(bar('o-2')?.querySelector('.cockpit-planning-mark--double')?.getAttribute('title')).toBe(MARKER_DE);
    expect(label('o-2')).toContain(MARKER_DE);
    expect(bar('o-1')?.querySelector('.cockpit-planning-mark--double')).toBeNull();
    expect(label('o-1')).not.toContain('Doppelbuchung');

    doubleBooked = ['o-1', 'o-2'];
    bed.container.get(LiveOrderUpdates).start();
    changed('o-3', 2);
    act(() => bed.timers.advance(DOUBLE_BOOKINGS_DEBOUNCE_MS));
    await waitFor(() => expect(label('o-1')).toContain(MARKER_DE));
    view.unmount();
  });

  it('names who else changed a bar, in its name and visibly: someone else until the stream names them, a colleague, the simulator', async () => {
    const view = renderWithServices(bed, <PlanningPage />, '/planning');
    await waitFor(() => expect(bar('o-1')).not.toBeNull());
    bed.container.get(LiveOrderUpdates).start();
    expect(bar('o-1')?.querySelector('.cockpit-planning-bar-author')).toBeNull();

    changed('o-1', 2);
    expect(label('o-1')).toContain('von jemand anderem geändert');
    changed('o-1', 3, { type: 'user', id: 'u-2', name: 'Anna Berg' });
    expect(label('o-1')).toContain('geändert von Anna Berg');
    expect(label('o-1')).not.toContain('jemand anderem');
    expect(bar('o-1')?.querySelector('.cockpit-planning-bar-author')?.textContent).toBe('geändert von Anna Berg');
    // The name holds the visible text in its order (number, customer, who), as axe-core asks.
    expect(label('o-1')).toMatch(/^AN-\d{4}-\d+, Kunde 1, geändert von Anna Berg, /);
    expect(bar('o-1')?.querySelector('.cockpit-planning-mark--changed')?.getAttribute('title')).toBe('geändert von Anna Berg');

    changed('o-3', 2, { type: 'simulator' });
    expect(label('o-3')).toContain('geändert von dem Demo-Simulator');
    await act(() => view.i18n.changeLanguage('en'));
    await waitFor(() => expect(label('o-1')).toContain('changed by Anna Berg'));
    expect(label('o-3')).toContain('changed by the demo simulator');
    view.unmount();
  });

  it('offers the filter of double bookings, keeps it in the URL and shows only their bars', async () => {
    const view = renderWithServices(
      bed,
      <>
        <PlanningPage />
        <Search />
      </>,
      '/planning',
    );
    await waitFor(() => expect(bar('o-1')).not.toBeNull());
    fireEvent.click(await screen.findByLabelText('Nur Doppelbuchungen'));
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('?doubleBooked=true'));
    await waitFor(() => expect(document.querySelectorAll('.cockpit-planning-bar')).toHaveLength(1));
    expect(bar('o-2')).not.toBeNull();
    expect(bed.backend.requests.some((request) => request.url === '/orders' && request.params.doubleBooked === 'true')).toBe(true);
    view.unmount();
  });

  it('marks the phone’s day list as the bars: booked twice with a named sign, and who else changed an order', async () => {
    bed.screen.set('phone');
    const view = renderWithServices(bed, <PlanningPage />, '/planning');
    const item = (id: string) => document.querySelector<HTMLElement>(`.cockpit-planning-day-order[data-order-id="${id}"]`);
    // The orders are on Monday 16 November; the phone shows today (Saturday) first.
    const previous = await screen.findByTestId('previous-day');
    for (let day = 21; day > 16; day -= 1) fireEvent.click(previous);
    await waitFor(() => expect(item('o-2')?.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe(MARKER_DE));
    expect(item('o-1')?.querySelector('[role="img"]')).toBeNull();
    bed.container.get(LiveOrderUpdates).start();
    changed('o-1', 2, { type: 'user', id: 'u-2', name: 'Anna Berg' });
    expect(item('o-1')?.querySelector('.cockpit-planning-day-author')?.textContent).toBe('geändert von Anna Berg');
    view.unmount();
  });
});
