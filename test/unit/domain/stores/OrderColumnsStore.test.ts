import { autorun } from 'mobx';
import { DEFAULT_ORDER_COLUMNS, ORDER_COLUMNS } from '../../../../shared/OrderColumn';
import { ORDER_COLUMNS_SLICE, OrderColumnsStore } from '../../../../src/domain/stores/OrderColumnsStore';
import { MobxStatePersistence, STATE_KEY } from '../../../../src/infrastructure/persistence/MobxStatePersistence';
import { SlicedStorage } from '../../../../src/infrastructure/persistence/SlicedStorage';

let current: OrderColumnsStore | null = null;

async function reload(): Promise<OrderColumnsStore> {
  current?.dispose();
  const store = new OrderColumnsStore(new MobxStatePersistence(new SlicedStorage(localStorage, STATE_KEY)));
  await store.restore();
  current = store;
  return store;
}

const stored = () => JSON.parse(localStorage.getItem(STATE_KEY) ?? '{}') as Record<string, { columns?: unknown } | undefined>;

describe('OrderColumnsStore', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    current?.dispose();
    current = null;
  });

  it('starts with the default columns: all but the service, in their usual order', async () => {
    const store = await reload();
    expect(store.columns).toEqual(ORDER_COLUMNS.filter((column) => column !== 'service'));
    expect(store.hidden).toEqual(['service']);
    expect(store.isDefault).toBe(true);
  });

  it('keeps the choice under cockpit.state in a slice of its own, beside the others', async () => {
    localStorage.setItem(STATE_KEY, JSON.stringify({ auth: { token: null, language: 'en' }, orders: { filter: { begin: '2026-12-01', end: '2026-12-24' } } }));
    const store = await reload();
    store.hide('customer');
    store.move('price', 0);
    expect(stored()).toEqual({
      auth: { token: null, language: 'en' },
      orders: { filter: { begin: '2026-12-01', end: '2026-12-24' } },
      [ORDER_COLUMNS_SLICE]: { columns: ['price', 'number', 'status', 'begin', 'end', 'station', 'licensePlate', 'vehicle'], chosen: true },
    });
    expect((await reload()).columns).toEqual(['price', 'number', 'status', 'begin', 'end', 'station', 'licensePlate', 'vehicle']);
  });

  it('shows a column where it usually stands among those shown, and hides it again', async () => {
    const store = await reload();
    store.show('service');
    expect(store.columns).toEqual(['number', 'status', 'begin', 'end', 'station', 'service', 'customer', 'licensePlate', 'vehicle', 'price']);
    expect(store.isShown('service')).toBe(true);
    store.show('service');
    expect(store.columns.filter((column) => column === 'service')).toHaveLength(1);
    expect(store.hide('service')).toBe(true);
    expect(store.columns).toEqual(DEFAULT_ORDER_COLUMNS);
    expect(store.hide('service')).toBe(false);
  });

  it('shows a column first when none of those before it is shown', async () => {
    const store = await reload();
    store.set(['price', 'customer']);
    store.show('number');
    expect(store.columns).toEqual(['number', 'price', 'customer']);
    store.show('vehicle');
    expect(store.columns).toEqual(['number', 'price', 'customer', 'vehicle']);
  });

  it('never hides the last column shown', async () => {
    const store = await reload();
    store.set(['status', 'price']);
    expect(store.canHide('price')).toBe(true);
    expect(store.hide('price')).toBe(true);
    expect(store.canHide('status')).toBe(false);
    expect(store.hide('status')).toBe(false);
    expect(store.columns).toEqual(['status']);
    expect(store.canHide('price')).toBe(false);
  });

  it('moves a column to an index, clamped to the ends, and one place up or down', async () => {
    const store = await reload();
    store.set(['number', 'status', 'begin', 'price']);
    store.move('price', 1);
    expect(store.columns).toEqual(['number', 'price', 'status', 'begin']);
    store.move('number', 99);
    expect(store.columns).toEqual(['price', 'status', 'begin', 'number']);
    store.move('begin', -5);
    expect(store.columns).toEqual(['begin', 'price', 'status', 'number']);
    store.moveDown('begin');
    expect(store.columns).toEqual(['price', 'begin', 'status', 'number']);
    store.moveUp('number');
    expect(store.columns).toEqual(['price', 'begin', 'number', 'status']);
    store.moveUp('price');
    store.moveDown('status');
    expect(store.columns).toEqual(['price', 'begin', 'number', 'status']);
    store.move('service', 0);
    store.moveUp('vehicle');
    store.moveDown('vehicle');
    expect(store.columns).toEqual(['price', 'begin', 'number', 'status']);
  });

  it('changes nothing (and tells no observer) for a move that moves nothing or a choice that is the same', async () => {
    const store = await reload();
    let runs = 0;
    const stop = autorun(() => {
      void store.columns;
      runs++;
    });
    store.moveUp('number');
    store.moveDown('price');
    store.move('status', 1);
    store.set([...DEFAULT_ORDER_COLUMNS]);
    store.reset();
    store.show('number');
    stop();
    expect(runs).toBe(1);
  });

  it('resets to the default columns in their default order', async () => {
    const store = await reload();
    store.set(['service', 'price']);
    expect(store.isDefault).toBe(false);
    store.reset();
    expect(store.columns).toEqual(DEFAULT_ORDER_COLUMNS);
    expect(store.isDefault).toBe(true);
    expect((await reload()).columns).toEqual(DEFAULT_ORDER_COLUMNS);
  });

  it('takes a whole choice only when it is one the grid shows', async () => {
    const store = await reload();
    expect(store.set(['service', 'number'])).toBe(true);
    expect(store.columns).toEqual(['service', 'number']);
    for (const refused of [[], ['number', 'number'], ['number', 'colour'], 'number', null, [1]]) {
      expect(store.set(refused)).toBe(false);
    }
    expect(store.columns).toEqual(['service', 'number']);
  });

  it('holds a copy of a choice it was given, not the caller\'s array', async () => {
    const store = await reload();
    const choice = ['vehicle', 'price'];
    store.set(choice);
    choice.push('number');
    expect(store.columns).toEqual(['vehicle', 'price']);
  });

  it.each([
    ['unknown columns', ['number', 'colour', 'price'], ['number', 'price']],
    ['repeated columns', ['price', 'number', 'price', 'number'], ['price', 'number']],
    ['only unknown columns', ['colour', 42], DEFAULT_ORDER_COLUMNS],
    ['no column', [], DEFAULT_ORDER_COLUMNS],
    ['a string', 'number,price', DEFAULT_ORDER_COLUMNS],
    ['null', null, DEFAULT_ORDER_COLUMNS],
  ])('reads back %s as a choice the grid shows', async (_name, columns, expected) => {
    localStorage.setItem(STATE_KEY, JSON.stringify({ [ORDER_COLUMNS_SLICE]: { columns } }));
    const store = await reload();
    expect(store.columns).toEqual(expected);
    expect(store.hidden).toEqual(ORDER_COLUMNS.filter((column) => !expected.includes(column)));
  });

  it('reads back the default for text that is not JSON or a slice that is not an object', async () => {
    localStorage.setItem(STATE_KEY, '{"orderColumns": {"columns": ');
    expect((await reload()).columns).toEqual(DEFAULT_ORDER_COLUMNS);
    localStorage.setItem(STATE_KEY, JSON.stringify({ [ORDER_COLUMNS_SLICE]: ['number'] }));
    expect((await reload()).columns).toEqual(DEFAULT_ORDER_COLUMNS);
  });

  it('writes nothing more once disposed, also when disposed while reading back', async () => {
    const store = await reload();
    store.dispose();
    store.hide('price');
    expect(stored()[ORDER_COLUMNS_SLICE]).toEqual({ columns: DEFAULT_ORDER_COLUMNS, chosen: false });

    localStorage.clear();
    const early = new OrderColumnsStore(new MobxStatePersistence(new SlicedStorage(localStorage, STATE_KEY)));
    const reading = early.restore();
    early.dispose();
    await reading;
    early.hide('number');
    expect(stored()[ORDER_COLUMNS_SLICE]?.columns ?? DEFAULT_ORDER_COLUMNS).toEqual(DEFAULT_ORDER_COLUMNS);
  });
});
