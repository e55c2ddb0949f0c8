import { NewOrderStore } from '../../../../src/domain/stores/NewOrderStore';
import { ObservableSessionStore } from '../../../../src/domain/stores/ObservableSessionStore';
import { UnsavedNewOrderStore } from '../../../../src/domain/stores/UnsavedNewOrderStore';
import { LocalStorageUnsavedNewOrders, UNSAVED_NEW_ORDERS_KEY } from '../../../../src/infrastructure/persistence/LocalStorageUnsavedNewOrders';
import { MobxStatePersistence, STATE_KEY } from '../../../../src/infrastructure/persistence/MobxStatePersistence';
import { SlicedStorage } from '../../../../src/infrastructure/persistence/SlicedStorage';
import { FakeOrdersApi, makeOrders } from '../../support/FakeOrdersApi';
import { FakeClock, FakeNotifier } from '../../support/fakes';
import { demoAdmin, demoUser, loginResult } from '../../support/demoUser';

describe('UnsavedNewOrderStore', () => {
  let clock: FakeClock;
  let session: ObservableSessionStore;
  let dialog: NewOrderStore;
  let kept: LocalStorageUnsavedNewOrders;
  let store: UnsavedNewOrderStore;

  beforeEach(async () => {
    localStorage.clear();
    clock = new FakeClock();
    session = new ObservableSessionStore(clock, new MobxStatePersistence(new SlicedStorage(localStorage, STATE_KEY)));
    await session.restore();
    session.signIn(loginResult(clock.now()));
    dialog = new NewOrderStore(new FakeOrdersApi(makeOrders(2)), new FakeNotifier(), () => 'de', () => 'key');
    kept = new LocalStorageUnsavedNewOrders(localStorage);
    store = new UnsavedNewOrderStore(session, dialog, kept, clock);
    store.start();
  });

  afterEach(() => {
    store.dispose();
    session.dispose();
  });

  it('keeps what is typed for the signed-in user at every change, and nothing of an empty dialog', () => {
    dialog.open();
    expect(kept.read(demoUser.id)).toBeNull();
    dialog.edit('customer.name', 'Greta Lindholm');
    clock.time += 1000;
    dialog.edit('price.amount', '249,90');
    expect(kept.read(demoUser.id)).toEqual({ fields: { 'customer.name': 'Greta Lindholm', 'price.amount': '249,90' }, clonedFrom: null, keptAt: clock.now() });
    expect(kept.read(demoAdmin.id)).toBeNull();
  });

  it('removes it when the order is created or the operator cancels', () => {
    dialog.open();
    dialog.edit('customer.name', 'Greta Lindholm');
    dialog.close();
    expect(kept.read(demoUser.id)).toBeNull();
  });

  it('keeps it when the session ends the dialog, offers it to the same user and takes it up again', () => {
    const [order] = makeOrders(1);
    dialog.open(order);
    dialog.edit('notes', 'Rückruf');
    dialog.suspend();
    expect(dialog.isOpen).toBe(false);
    store.withdraw();
    store.offerTo(demoUser.id);
    expect(store.offer).toMatchObject({ clonedFrom: 'AN-2026-000001', fields: { 'customer.name': 'Kunde 1', notes: 'Rückruf' } });
    store.resume();
    expect(dialog.isOpen).toBe(true);
    expect(dialog.clonedNumber).toBe('AN-2026-000001');
    expect(dialog.draft).toMatchObject({ 'customer.name': 'Kunde 1', notes: 'Rückruf', begin: '', end: '' });
    expect(store.offer).toBeNull();
  });

  it('never shows it to another user, and deletes it when they sign in; a deliberate logout deletes it too', () => {
    dialog.open();
    dialog.edit('customer.name', 'Greta Lindholm');
    dialog.suspend();
    store.offerTo(demoAdmin.id);
    expect(store.offer).toBeNull();
    expect(localStorage.getItem(UNSAVED_NEW_ORDERS_KEY)).toBeNull();

    dialog.open();
    dialog.edit('customer.name', 'Greta Lindholm');
    store.forget(demoUser.id);
    expect(kept.read(demoUser.id)).toBeNull();
  });

  it('reads back only what is a kept new order', () => {
    localStorage.setItem(UNSAVED_NEW_ORDERS_KEY, JSON.stringify({ [demoUser.id]: { fields: { 'customer.name': 5, station: 'Kiel', evil: 'x' }, clonedFrom: null, keptAt: 1 }, other: 'nonsense' }));
    expect(kept.read(demoUser.id)).toEqual({ fields: { station: 'Kiel' }, clonedFrom: null, keptAt: 1 });
    expect(kept.read('other')).toBeNull();
  });
});
