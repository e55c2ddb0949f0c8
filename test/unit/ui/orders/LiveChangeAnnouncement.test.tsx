import { act, screen } from '@testing-library/react';
import type { OrderEvent } from '../../../../src/domain/model/OrderEvent';
import { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { GATHER_MS, LiveChangeAnnouncer } from '../../../../src/domain/stores/LiveChangeAnnouncer';
import { OrdersFilterStore } from '../../../../src/domain/stores/OrdersFilterStore';
import { LiveChangeAnnouncement } from '../../../../src/ui/orders/LiveChangeAnnouncement';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { loginResult } from '../../support/demoUser';
import { makeOrders } from '../../support/FakeOrdersApi';
import { renderWithServices } from '../../support/renderWithServices';

describe('LiveChangeAnnouncement', () => {
  let bed: TestBed;
  let announcer: LiveChangeAnnouncer;
  const orders = makeOrders(1200);

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
    bed.container.get<SessionStore>(SessionStore).signIn(loginResult(bed.clock.now()));
    // The list shows the days of the orders made here.
    bed.container.get(OrdersFilterStore).setRange({ begin: '2026-11-16', end: '2026-12-31' });
    announcer = bed.container.get(LiveChangeAnnouncer);
  });

  const region = () => screen.getByTestId('live-announcement');
  const updated = (count: number, from = 0): OrderEvent[] =>
    orders.slice(from, from + count).map((order) => ({ type: 'order.updated', order: { ...order, version: 2 }, previous: order }));
  const announce = (batch: OrderEvent[]) =>
    act(() => {
      announcer.note(batch);
      bed.clock.time += GATHER_MS * 10;
      bed.timers.advance(GATHER_MS * 10);
    });

  it('is a polite status region, empty until something changed', () => {
    const view = renderWithServices(bed, <LiveChangeAnnouncement />, '/orders');
    expect(region().getAttribute('aria-live')).toBe('polite');
    expect(region().getAttribute('role')).toBe('status');
    expect(region().textContent).toBe('');
    view.lifecycle.dispose();
  });

  it('says the counts in German with the language\'s numbers and plurals', () => {
    const view = renderWithServices(bed, <LiveChangeAnnouncement />, '/orders');
    const fresh = { ...(orders[3] as (typeof orders)[number]), id: 'fresh' };
    announce([...updated(3), { type: 'order.created', order: fresh }]);
    expect(region().textContent?.trim()).toBe('3 Aufträge geändert, 1 neu');
    announce(updated(1100, 20));
    expect(region().textContent?.trim()).toBe('1.100 Aufträge geändert');
    view.lifecycle.dispose();
  });

  it('says them in English once the language is English, and a repetition reads differently so that it is read again', async () => {
    const view = renderWithServices(bed, <LiveChangeAnnouncement />, '/orders');
    await act(async () => {
      bed.container.get<SessionStore>(SessionStore).setLanguage('en');
      await view.i18n.changeLanguage('en');
    });
    announce([...updated(1), { type: 'order.deleted', id: orders[9]?.id ?? '', previous: orders[9] ?? null }]);
    const first = region().textContent;
    expect(first?.trim()).toBe('1 order changed, 1 removed');
    announce([...updated(1), { type: 'order.deleted', id: orders[10]?.id ?? '', previous: orders[10] ?? null }]);
    expect(region().textContent?.trim()).toBe('1 order changed, 1 removed');
    expect(region().textContent).not.toBe(first);
    view.lifecycle.dispose();
  });
});
