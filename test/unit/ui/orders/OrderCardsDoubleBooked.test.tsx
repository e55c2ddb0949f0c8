import { act } from '@testing-library/react';
import { DoubleBookingsApi } from '../../../../src/domain/ports/DoubleBookingsApi';
import { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { DoubleBookingsStore } from '../../../../src/domain/stores/DoubleBookingsStore';
import { OrdersListStore } from '../../../../src/domain/stores/OrdersListStore';
import { OrderCards } from '../../../../src/ui/orders/OrderCards';
import { createTestContainer } from '../../support/createTestContainer';
import { demoUser, loginResult } from '../../support/demoUser';
import { FakeOrdersApi, makeOrders } from '../../support/FakeOrdersApi';
import { fakeOrderRows } from '../../support/fakeOrderRows';
import { renderWithServices } from '../../support/renderWithServices';

describe('OrderCards on a phone', () => {
  it('marks a double-booked order\'s card with a named sign', async () => {
    localStorage.clear();
    const bed = createTestContainer();
    const orders = makeOrders(3);
    const api = new FakeOrdersApi(orders);
    api.orders[2] = { ...api.orders[2]!, vehicle: { ...api.orders[2]!.vehicle, licensePlate: 'KI-AB 2' } };
    bed.container.rebind(OrdersListStore).toConstantValue(fakeOrderRows(orders) as unknown as OrdersListStore);
    bed.container.rebind(DoubleBookingsApi).toConstantValue(api);
    bed.container.get<SessionStore>(SessionStore).signIn(loginResult(bed.clock.now(), demoUser));
    const store = bed.container.get(DoubleBookingsStore);
    const view = renderWithServices(bed, <OrderCards onOpen={() => undefined} />, '/orders');
    await act(() => store.start());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const mark = (id: string) => document.querySelector(`.cockpit-order-card[data-order-id="${id}"] [role="img"][aria-label^="Doppelbuchung"]`);
    expect(mark('o-2')).not.toBeNull();
    expect(mark('o-3')).not.toBeNull();
    expect(mark('o-1')).toBeNull();
    store.dispose();
    view.unmount();
  });
});
