import { act, fireEvent, screen } from '@testing-library/react';
import { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { OrdersFilterStore } from '../../../../src/domain/stores/OrdersFilterStore';
import { OrdersListStore } from '../../../../src/domain/stores/OrdersListStore';
import { OrdersPage } from '../../../../src/ui/orders/OrdersPage';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { demoUser, loginResult } from '../../support/demoUser';
import { makeOrders } from '../../support/FakeOrdersApi';
import { renderWithServices } from '../../support/renderWithServices';

/** How often the title bar's print button and the filters' price field were drawn. */
const drawn = { printButton: 0, priceFilter: 0 };

jest.mock('../../../../src/ui/print/PrintListButton', () => ({
  PrintListButton: () => {
    drawn.printButton++;
    return null;
  },
}));

jest.mock('../../../../src/ui/orders/PriceFilter', () => ({
  PriceFilter: () => {
    drawn.priceFilter++;
    return null;
  },
}));

describe('OrdersPage', () => {
  let bed: TestBed;

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
    const orders = makeOrders(20);
    bed.backend.on('GET /orders', { status: 200, body: { items: orders, nextCursor: null, total: orders.length, lastEventId: 0 } });
    bed.container.get<SessionStore>(SessionStore).signIn(loginResult(bed.clock.now(), demoUser));
    bed.container.get(OrdersFilterStore).setRange({ begin: '2026-11-16', end: '2026-12-31' });
  });

  afterEach(() => bed.container.get(OrdersListStore).dispose());

  it('draws its title bar and its filters no more when an order is opened or the cursor moves', async () => {
    const view = renderWithServices(bed, <OrdersPage />, '/orders');
    await screen.findByText('AN-2026-000002');
    const before = { ...drawn };
    expect(before.printButton).toBeGreaterThan(0);
    expect(before.priceFilter).toBeGreaterThan(0);

    const row = document.querySelector('[role="row"][data-order-id="o-2"]') as HTMLElement;
    await act(async () => {
      fireEvent.click(row.querySelector('[role="gridcell"]:nth-child(3)') ?? row);
    });
    // The page drew again (the cursor on the row, the order's address), its title bar and filters did not.
    expect(row.getAttribute('aria-selected')).toBe('true');
    expect(drawn).toEqual(before);
    view.unmount();
  });
});
