import { OrderSelectionStore } from '../../../../src/domain/stores/OrderSelectionStore';
import { OrdersFilterStore } from '../../../../src/domain/stores/OrdersFilterStore';
import { OrdersListStore } from '../../../../src/domain/stores/OrdersListStore';
import { MobxStatePersistence, STATE_KEY } from '../../../../src/infrastructure/persistence/MobxStatePersistence';
import { SlicedStorage } from '../../../../src/infrastructure/persistence/SlicedStorage';
import { FakeOrdersApi, makeOrders } from '../../support/FakeOrdersApi';
import { FakeClock, FakeNotifier } from '../../support/fakes';

describe('OrderSelectionStore', () => {
  let api: FakeOrdersApi;
  let list: OrdersListStore;
  let notifier: FakeNotifier;
  let selection: OrderSelectionStore;

  beforeEach(async () => {
    localStorage.clear();
    api = new FakeOrdersApi(makeOrders(8));
    const clock = new FakeClock(Date.parse('2026-11-16T09:00:00Z'));
    const filter = new OrdersFilterStore(clock, new MobxStatePersistence(new SlicedStorage(localStorage, STATE_KEY)));
    await filter.restore();
    list = new OrdersListStore(api, filter);
    notifier = new FakeNotifier();
    selection = new OrderSelectionStore(api, list, notifier);
    list.start();
    list.showRows(0, 7);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(list.rowAt(7)).not.toBeNull();
  });

  afterEach(() => {
    selection.dispose();
    list.dispose();
  });

  const ids = () => [...selection.selected.keys()];

  it('toggles single orders and selects ranges from the last one toggled', () => {
    selection.toggle(1);
    selection.toggle(3);
    expect(ids()).toEqual(['o-2', 'o-4']);
    selection.extendTo(5);
    expect(ids()).toEqual(['o-2', 'o-4', 'o-5', 'o-6']);
    selection.toggle(3);
    expect(ids()).toEqual(['o-2', 'o-5', 'o-6']);
    expect(selection.count).toBe(3);
  });

  it('keeps the selection by order, however the rows change, and clears it for another filter', async () => {
    selection.toggle(0);
    api.changeBehindTheScenes('o-1', { status: 'confirmed' });
    expect(selection.has('o-1')).toBe(true);
    list.setCriteria({ ...list.criteria, q: 'Kunde 1' });
    expect(selection.count).toBe(0);
  });

  it('selects every order of the filter, page by page', async () => {
    await selection.selectAll();
    expect(selection.count).toBe(8);
  });

  it('moves the selection in one request with the versions seen; reports and keeps those left untouched', async () => {
    selection.toggle(0);
    selection.toggle(1);
    selection.toggle(2);
    api.changeBehindTheScenes('o-2', { notes: 'dazwischen' });
    api.changeBehindTheScenes('o-3', { status: 'completed' });
    expect(selection.targets).toEqual(['confirmed', 'cancelled']);

    await selection.move('confirmed');
    expect(api.bulkMoves).toEqual([{ status: 'confirmed', orders: [{ id: 'o-1', version: 1 }, { id: 'o-2', version: 1 }, { id: 'o-3', version: 1 }] }]);
    expect(selection.refused).toEqual([
      { id: 'o-2', number: 'AN-2026-000002', message: 'changed since' },
      { id: 'o-3', number: 'AN-2026-000003', message: 'changed since' },
    ]);
    expect(ids()).toEqual(['o-2', 'o-3']);
    expect(selection.selected.get('o-2')?.version).toBe(2);
    expect(notifier.toasts.at(-1)).toMatchObject({ message: 'selection.movedTo.confirmed', values: { count: 1 }, intent: 'success' });
    selection.closeReport();
    expect(selection.refused).toEqual([]);
  });
});
