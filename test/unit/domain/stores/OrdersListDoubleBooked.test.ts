import { NO_ORDER_CRITERIA } from '../../../../src/domain/model/orderQuery';
import { OrdersFilterStore } from '../../../../src/domain/stores/OrdersFilterStore';
import { OrdersListStore } from '../../../../src/domain/stores/OrdersListStore';
import { MobxStatePersistence, STATE_KEY } from '../../../../src/infrastructure/persistence/MobxStatePersistence';
import { SlicedStorage } from '../../../../src/infrastructure/persistence/SlicedStorage';
import { FakeOrdersApi, makeOrders } from '../../support/FakeOrdersApi';
import { FakeClock } from '../../support/fakes';

describe('the orders list showing only double bookings', () => {
  let api: FakeOrdersApi;
  let list: OrdersListStore;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const ids = () => Array.from({ length: list.rowCount }, (_, index) => list.rowAt(index)?.id);

  beforeEach(async () => {
    localStorage.clear();
    api = new FakeOrdersApi(makeOrders(4));
    api.orders[1] = { ...api.orders[1]!, vehicle: { ...api.orders[1]!.vehicle, licensePlate: 'KI-AB 1' } };
    const filter = new OrdersFilterStore(new FakeClock(), new MobxStatePersistence(new SlicedStorage(localStorage, STATE_KEY)));
    list = new OrdersListStore(api, filter);
    await list.preload({ ...NO_ORDER_CRITERIA, doubleBooked: true });
  });

  afterEach(() => list.dispose());

  it('asks the backend for double bookings only', () => {
    expect(api.queries[0]?.doubleBooked).toBe(true);
    expect(ids()).toEqual(['o-1', 'o-2']);
  });

  it('reads itself again on a live change rather than placing it (whether an order is booked twice depends on the others)', async () => {
    const changed = api.changeBehindTheScenes('o-4', { vehicle: { ...api.orders[3]!.vehicle, licensePlate: 'KI-AB 3' } });
    list.applyEvents([{ type: 'order.updated', order: changed, previous: null }]);
    expect(ids()).toEqual(['o-1', 'o-2']);
    await settle();
    expect(api.queries).toHaveLength(2);
    expect(ids()).toEqual(['o-1', 'o-2', 'o-3', 'o-4']);
  });

  it('places live changes itself without that filter', async () => {
    list.setCriteria(NO_ORDER_CRITERIA);
    await list.load();
    const queries = api.queries.length;
    list.applyEvents([{ type: 'order.updated', order: { ...api.orders[3]!, notes: 'x', version: 2 }, previous: null }]);
    await settle();
    expect(api.queries).toHaveLength(queries);
  });
});
