import { DOUBLE_BOOKINGS_DEBOUNCE_MS, DoubleBookingsStore } from '../../../../src/domain/stores/DoubleBookingsStore';
import { OrdersFilterStore } from '../../../../src/domain/stores/OrdersFilterStore';
import { MobxStatePersistence, STATE_KEY } from '../../../../src/infrastructure/persistence/MobxStatePersistence';
import { SlicedStorage } from '../../../../src/infrastructure/persistence/SlicedStorage';
import { FakeOrdersApi, makeOrders } from '../../support/FakeOrdersApi';
import { FakeClock } from '../../support/fakes';
import { FakeTimers } from '../../support/liveFakes';

describe('DoubleBookingsStore', () => {
  let api: FakeOrdersApi;
  let filter: OrdersFilterStore;
  let timers: FakeTimers;
  let store: DoubleBookingsStore;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const share = (index: number, plate: string) => (api.orders[index] = { ...api.orders[index]!, vehicle: { ...api.orders[index]!.vehicle, licensePlate: plate } });

  beforeEach(() => {
    localStorage.clear();
    api = new FakeOrdersApi(makeOrders(5));
    share(2, 'KI-AB 2');
    filter = new OrdersFilterStore(new FakeClock(), new MobxStatePersistence(new SlicedStorage(localStorage, STATE_KEY)));
    timers = new FakeTimers();
    store = new DoubleBookingsStore(api, filter, timers);
  });

  afterEach(() => store.dispose());

  it('reads the double bookings of the list\'s days when started', async () => {
    await store.start();
    expect(api.doubleBookingReads).toEqual([{ from: '2026-11-15T23:00:00.000Z', to: '2026-11-22T22:59:59.999Z' }]);
    expect([...store.ids].sort()).toEqual(['o-2', 'o-3']);
    expect(store.has('o-1')).toBe(false);
  });

  it('reads them again a moment after live changes, once for a burst', async () => {
    await store.start();
    share(4, 'KI-AB 4');
    store.applyEvents();
    store.applyEvents();
    timers.advance(DOUBLE_BOOKINGS_DEBOUNCE_MS - 1);
    expect(api.doubleBookingReads).toHaveLength(1);
    timers.advance(1);
    await settle();
    expect(api.doubleBookingReads).toHaveLength(2);
    expect([...store.ids].sort()).toEqual(['o-2', 'o-3', 'o-4', 'o-5']);
  });

  it('reads them a moment after the first of steady changes, not only once they pause', async () => {
    await store.start();
    for (let change = 0; change < 4; change += 1) {
      store.applyEvents();
      timers.advance(DOUBLE_BOOKINGS_DEBOUNCE_MS / 2);
    }
    await settle();
    expect(api.doubleBookingReads).toHaveLength(3);
  });

  it('reads them again for new days', async () => {
    await store.start();
    filter.setRange({ begin: '2026-11-23', end: '2026-11-29' });
    timers.advance(DOUBLE_BOOKINGS_DEBOUNCE_MS);
    await settle();
    expect(api.doubleBookingReads.at(-1)?.from).toBe('2026-11-22T23:00:00.000Z');
    expect(store.ids.size).toBe(0);
  });

  it('asks nothing for live changes before it is started or after it is disposed', async () => {
    store.applyEvents();
    timers.advance(DOUBLE_BOOKINGS_DEBOUNCE_MS);
    await store.start();
    store.dispose();
    store.applyEvents();
    timers.advance(DOUBLE_BOOKINGS_DEBOUNCE_MS);
    expect(api.doubleBookingReads).toHaveLength(1);
  });

  it('keeps the set of marks when a read finds the same ones, so that what draws them is not drawn again', async () => {
    await store.start();
    const first = store.ids;
    store.applyEvents();
    timers.advance(DOUBLE_BOOKINGS_DEBOUNCE_MS);
    await settle();
    expect(api.doubleBookingReads).toHaveLength(2);
    expect(store.ids).toBe(first);
    share(4, 'KI-AB 4');
    store.applyEvents();
    timers.advance(DOUBLE_BOOKINGS_DEBOUNCE_MS);
    await settle();
    expect(store.ids).not.toBe(first);
    expect([...store.ids].sort()).toEqual(['o-2', 'o-3', 'o-4', 'o-5']);
  });

  it('keeps the marks when a read fails', async () => {
    await store.start();
    api.failNext = new Error('offline') as never;
    store.applyEvents();
    timers.advance(DOUBLE_BOOKINGS_DEBOUNCE_MS);
    await settle();
    expect([...store.ids].sort()).toEqual(['o-2', 'o-3']);
  });
});

describe('FakeOrdersApi as the backend of double bookings', () => {
  it('lists only double-booked orders when asked, and refuses a booking that ends where another begins not', async () => {
    const api = new FakeOrdersApi(makeOrders(3));
    api.orders[2] = { ...api.orders[2]!, vehicle: { ...api.orders[2]!.vehicle, licensePlate: 'KI-AB 1' } };
    const page = await api.list({ begin: '2026-11-01T00:00:00Z', end: '2026-11-30T00:00:00Z', doubleBooked: true });
    expect(page.items.map((order) => order.id)).toEqual(['o-1', 'o-3']);
    await expect(api.update('o-3', 1, { begin: api.orders[0]!.end, end: '2026-11-16T12:00:00.000Z' })).resolves.toEqual(expect.objectContaining({ version: 2 }));
  });
});
