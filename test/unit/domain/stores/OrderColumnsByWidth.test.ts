import { DEFAULT_ORDER_COLUMNS } from '../../../../shared/OrderColumn';
import { NARROW_ORDER_COLUMNS } from '../../../../src/domain/model/narrowColumns';
import { OrderColumnsStore, ORDER_COLUMNS_SLICE } from '../../../../src/domain/stores/OrderColumnsStore';
import { MobxStatePersistence, STATE_KEY } from '../../../../src/infrastructure/persistence/MobxStatePersistence';
import { SlicedStorage } from '../../../../src/infrastructure/persistence/SlicedStorage';
import { FakeScreenWidth } from '../../support/liveFakes';

describe('OrderColumnsStore by the window\'s width', () => {
  let screen: FakeScreenWidth;
  let last: OrderColumnsStore | null = null;

  beforeEach(() => {
    localStorage.clear();
    screen = new FakeScreenWidth();
  });

  afterEach(() => last?.dispose());

  const reload = async () => {
    last?.dispose();
    const store = new OrderColumnsStore(new MobxStatePersistence(new SlicedStorage(localStorage, STATE_KEY)), screen);
    last = store;
    await store.restore();
    return store;
  };

  it('shows five columns on a tablet and a phone without a choice, the desk\'s nine when wide, live', async () => {
    const store = await reload();
    expect(store.shown).toEqual(DEFAULT_ORDER_COLUMNS);
    expect(store.narrowed).toBeNull();
    screen.set('tablet');
    expect(store.shown).toEqual(['number', 'status', 'begin', 'customer', 'licensePlate']);
    expect(store.narrowed).toBe('tablet');
    expect(store.hidden).toEqual(['end', 'station', 'service', 'vehicle', 'price']);
    expect(store.isDefault).toBe(true);
    screen.set('phone');
    expect(store.shown).toEqual(NARROW_ORDER_COLUMNS);
    expect(store.narrowed).toBe('phone');
    screen.set('wide');
    expect(store.shown).toEqual(DEFAULT_ORDER_COLUMNS);
  });

  it('lets the operator\'s choice win at every width, also after a reload', async () => {
    const store = await reload();
    store.hide('vehicle');
    screen.set('tablet');
    expect(store.shown).toEqual(DEFAULT_ORDER_COLUMNS.filter((column) => column !== 'vehicle'));
    expect(store.narrowed).toBeNull();
    expect(store.isDefault).toBe(false);
    const again = await reload();
    expect(again.chosen).toBe(true);
    expect(again.shown).toEqual(DEFAULT_ORDER_COLUMNS.filter((column) => column !== 'vehicle'));
  });

  it('starts a choice made on a tablet from the five it shows, and keeps it for the desk too', async () => {
    screen.set('tablet');
    const store = await reload();
    store.show('price');
    expect(store.shown).toEqual([...NARROW_ORDER_COLUMNS, 'price']);
    store.moveUp('price');
    expect(store.shown).toEqual(['number', 'status', 'begin', 'customer', 'price', 'licensePlate']);
    expect(store.narrowed).toBeNull();
    screen.set('wide');
    expect(store.shown).toEqual(['number', 'status', 'begin', 'customer', 'price', 'licensePlate']);
    screen.set('tablet');
    expect((await reload()).shown).toEqual(['number', 'status', 'begin', 'customer', 'price', 'licensePlate']);
  });

  it('gives each width its default again on reset, and a change back to the width\'s default is no choice', async () => {
    screen.set('tablet');
    const store = await reload();
    store.hide('customer');
    expect(store.chosen).toBe(true);
    store.show('customer');
    expect(store.chosen).toBe(false);
    expect(store.shown).toEqual(NARROW_ORDER_COLUMNS);
    store.show('end');
    store.reset();
    expect(store.shown).toEqual(NARROW_ORDER_COLUMNS);
    screen.set('wide');
    expect(store.shown).toEqual(DEFAULT_ORDER_COLUMNS);
  });

  it('takes a saved view\'s columns as a choice, but the desk\'s default ones as none', async () => {
    screen.set('tablet');
    const store = await reload();
    store.set(['number', 'price']);
    expect(store.shown).toEqual(['number', 'price']);
    store.set(DEFAULT_ORDER_COLUMNS);
    expect(store.shown).toEqual(NARROW_ORDER_COLUMNS);
  });

  it('reads a choice kept before the flag existed as a choice, and the stored default as none', async () => {
    localStorage.setItem(STATE_KEY, JSON.stringify({ [ORDER_COLUMNS_SLICE]: { columns: ['number', 'status', 'price'] } }));
    screen.set('tablet');
    expect((await reload()).shown).toEqual(['number', 'status', 'price']);
    localStorage.setItem(STATE_KEY, JSON.stringify({ [ORDER_COLUMNS_SLICE]: { columns: DEFAULT_ORDER_COLUMNS } }));
    expect((await reload()).shown).toEqual(NARROW_ORDER_COLUMNS);
    localStorage.setItem(STATE_KEY, JSON.stringify({ [ORDER_COLUMNS_SLICE]: { columns: ['number'], chosen: false } }));
    expect((await reload()).shown).toEqual(['number']);
  });
});
