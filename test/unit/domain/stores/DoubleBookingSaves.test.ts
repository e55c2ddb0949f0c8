import { ApiError } from '../../../../src/domain/model/ApiError';
import { doubleBookingOf } from '../../../../src/domain/model/DoubleBooking';
import { NewOrderStore } from '../../../../src/domain/stores/NewOrderStore';
import { OrderDetailStore } from '../../../../src/domain/stores/OrderDetailStore';
import { OrdersFilterStore } from '../../../../src/domain/stores/OrdersFilterStore';
import { OrdersListStore } from '../../../../src/domain/stores/OrdersListStore';
import { MobxStatePersistence, STATE_KEY } from '../../../../src/infrastructure/persistence/MobxStatePersistence';
import { SlicedStorage } from '../../../../src/infrastructure/persistence/SlicedStorage';
import { doubleBookingError } from '../../support/doubleBookingRule';
import { FakeOrdersApi, makeOrders } from '../../support/FakeOrdersApi';
import { FakeClock, FakeNotifier } from '../../support/fakes';

/** Five orders; o-5 has the vehicle of o-2 on the next day (no double booking yet). */
function ordersWithSharedVehicle(): FakeOrdersApi {
  const api = new FakeOrdersApi(makeOrders(5));
  const fifth = api.orders[4]!;
  api.orders[4] = { ...fifth, vehicle: { ...fifth.vehicle, licensePlate: 'KI-AB 2' }, begin: '2026-11-17T08:00:00.000Z', end: '2026-11-17T10:00:00.000Z' };
  return api;
}

describe('doubleBookingOf', () => {
  it('reads the other order of a double-booking 409 and nothing of other failures', () => {
    const other = makeOrders(1)[0]!;
    expect(doubleBookingOf(doubleBookingError(other))).toEqual({ id: 'o-1', number: other.number, begin: other.begin, end: other.end, status: 'new' });
    expect(doubleBookingOf(new ApiError(409, { type: 'urn:order-cockpit:problem:conflict', title: 'Conflict', status: 409, otherOrder: other }))).toBeNull();
    expect(doubleBookingOf(new ApiError(409, { type: 'urn:order-cockpit:problem:double-booking', title: 'Double', status: 409 }))).toBeNull();
    expect(doubleBookingOf(new Error('x'))).toBeNull();
  });
});

describe('a change of an order that would double-book its vehicle', () => {
  let api: FakeOrdersApi;
  let detail: OrderDetailStore;
  let notifier: FakeNotifier;

  beforeEach(async () => {
    api = ordersWithSharedVehicle();
    notifier = new FakeNotifier();
    const filter = new OrdersFilterStore(new FakeClock(), new MobxStatePersistence(new SlicedStorage(localStorage, STATE_KEY)));
    detail = new OrderDetailStore(api, new OrdersListStore(api, filter), notifier);
    await detail.open('o-2');
    detail.edit('begin', '2026-11-17T09:00:00.000Z');
    detail.edit('end', '2026-11-17T11:00:00.000Z');
  });

  it('is refused with the other order named, and asks before anything else is sent', async () => {
    await expect(detail.save()).resolves.toBe(false);
    expect(detail.doubleBooking.other).toEqual(expect.objectContaining({ id: 'o-5', number: 'AN-2026-000005', begin: '2026-11-17T08:00:00.000Z' }));
    expect(api.updates).toHaveLength(1);
    expect(api.updates[0]!.change).not.toHaveProperty('confirmDoubleBooking');
    expect(notifier.toasts).toEqual([]);
    expect(detail.conflict).toBeNull();
  });

  it('confirmed, sends the same change again at the same version, saying so, and saves it', async () => {
    await detail.save();
    await detail.doubleBooking.confirm();
    expect(api.updates.at(-1)).toEqual({ id: 'o-2', version: 1, change: { begin: '2026-11-17T09:00:00.000Z', end: '2026-11-17T11:00:00.000Z', confirmDoubleBooking: true } });
    expect(detail.doubleBooking.isAsking).toBe(false);
    expect(detail.order?.version).toBe(2);
    expect(detail.dirty).toBe(false);
    expect(notifier.toasts).toEqual([expect.objectContaining({ message: 'orderDetail.saved' })]);
  });

  it('cancelled, sends nothing and keeps the edit to save or change', async () => {
    await detail.save();
    detail.doubleBooking.cancel();
    expect(api.updates).toHaveLength(1);
    expect(detail.doubleBooking.isAsking).toBe(false);
    expect(detail.dirty).toBe(true);
    expect(detail.change).toEqual({ begin: '2026-11-17T09:00:00.000Z', end: '2026-11-17T11:00:00.000Z' });
    expect(api.orders[1]!.version).toBe(1);
  });

  it('confirmed after someone else changed the order, shows the conflict without the confirmation as a field', async () => {
    await detail.save();
    api.changeBehindTheScenes('o-2', { notes: 'elsewhere' });
    await detail.doubleBooking.confirm();
    expect(detail.conflict?.yours).toEqual({ begin: '2026-11-17T09:00:00.000Z', end: '2026-11-17T11:00:00.000Z' });
  });

  it('is no longer asked once the order is closed', async () => {
    await detail.save();
    detail.close();
    expect(detail.doubleBooking.isAsking).toBe(false);
  });
});

describe('a new order that would double-book its vehicle', () => {
  let api: FakeOrdersApi;
  let store: NewOrderStore;
  let keys: number;

  beforeEach(() => {
    api = ordersWithSharedVehicle();
    keys = 0;
    store = new NewOrderStore(api, new FakeNotifier(), () => 'de', () => `key-${++keys}`);
    store.open();
    const fields = {
      'customer.name': 'Greta Lindholm',
      'customer.email': 'greta@example.de',
      'customer.phone': '+49 40 1234567',
      'vehicle.licensePlate': 'KI-AB 5',
      'vehicle.make': 'Volkswagen',
      'vehicle.model': 'ID.4',
      station: 'Kiel',
      service: 'Inspektion',
      begin: '2026-11-17T09:00:00.000Z',
      end: '2026-11-17T11:00:00.000Z',
      'price.amount': '100',
    } as const;
    Object.entries(fields).forEach(([field, value]) => store.edit(field as keyof typeof fields, value));
    api.orders[4] = { ...api.orders[4]!, vehicle: { ...api.orders[4]!.vehicle, licensePlate: 'KI-AB 5' } };
  });

  it('is refused and asked about, the dialog staying open as typed', async () => {
    await expect(store.save()).resolves.toBeUndefined();
    expect(store.doubleBooking.other?.number).toBe('AN-2026-000005');
    expect(store.isOpen).toBe(true);
    expect(store.fieldErrors).toEqual({});
    expect(store.errorKey).toBeNull();
    expect(api.orders).toHaveLength(5);
  });

  it('confirmed, is sent again saying so, under a key of its own, and made', async () => {
    await store.save();
    const created = await store.doubleBooking.confirm();
    expect(created?.number).toBe('AN-2026-000006');
    expect(api.creates.map(({ order, key }) => [order.confirmDoubleBooking, key])).toEqual([
      [undefined, 'key-1'],
      [true, 'key-2'],
    ]);
    expect(store.isOpen).toBe(false);
    expect(store.closedBy).toBe('saved');
  });

  it('cancelled, sends nothing and keeps what was typed', async () => {
    await store.save();
    store.doubleBooking.cancel();
    expect(api.creates).toHaveLength(1);
    expect(store.isOpen).toBe(true);
    expect(store.draft['vehicle.licensePlate']).toBe('KI-AB 5');
  });

  it('is no longer asked once the dialog closes', async () => {
    await store.save();
    store.close();
    expect(store.doubleBooking.isAsking).toBe(false);
  });
});
