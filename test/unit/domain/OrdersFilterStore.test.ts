import { presetRange, weekOf } from '../../../src/domain/model/DayRange';
import { OrdersFilterStore } from '../../../src/domain/stores/OrdersFilterStore';
import { MobxStatePersistence, STATE_KEY } from '../../../src/infrastructure/persistence/MobxStatePersistence';
import { SlicedStorage } from '../../../src/infrastructure/persistence/SlicedStorage';
import { FakeClock } from '../support/fakes';

// Saturday 21 November 2026, local time.
const clock = new FakeClock(new Date(2026, 10, 21, 10, 0).getTime());
let current: OrdersFilterStore | null = null;

async function reload(): Promise<OrdersFilterStore> {
  current?.dispose();
  const store = new OrdersFilterStore(clock, new MobxStatePersistence(new SlicedStorage(localStorage, STATE_KEY)));
  await store.restore();
  current = store;
  return store;
}

describe('OrdersFilterStore', () => {
  beforeEach(() => localStorage.clear());

  it('starts with the current week, Monday to Sunday', async () => {
    const store = await reload();
    expect(store.range).toEqual({ begin: '2026-11-16', end: '2026-11-22' });
  });

  it('keeps the range under cockpit.state beside the auth slice', async () => {
    localStorage.setItem(STATE_KEY, JSON.stringify({ auth: { token: null, language: 'en' } }));
    const store = await reload();
    expect(store.setRange({ begin: '2026-12-01', end: '2026-12-24' })).toBe(true);
    expect(JSON.parse(localStorage.getItem(STATE_KEY) ?? '{}')).toEqual({
      auth: { token: null, language: 'en' },
      orders: { filter: { begin: '2026-12-01', end: '2026-12-24' } },
    });
    expect((await reload()).range).toEqual({ begin: '2026-12-01', end: '2026-12-24' });
  });

  it.each([
    ['only a begin', { orders: { filter: { begin: '2026-12-01' } } }],
    ['only an end', { orders: { filter: { end: '2026-12-24' } } }],
    ['an impossible day', { orders: { filter: { begin: '2026-02-31', end: '2026-03-02' } } }],
    ['a begin after the end', { orders: { filter: { begin: '2026-12-24', end: '2026-12-01' } } }],
    ['numbers', { orders: { filter: { begin: 1, end: 2 } } }],
    ['a string filter', { orders: { filter: 'last week' } }],
    ['no slice', {}],
  ])('falls back to the current week for %s', async (_name, content) => {
    localStorage.setItem(STATE_KEY, JSON.stringify(content));
    expect((await reload()).range).toEqual(weekOf(new Date(clock.now())));
  });

  it('falls back to the current week for text that is not JSON', async () => {
    localStorage.setItem(STATE_KEY, '{"orders": {"filter": ');
    expect((await reload()).range).toEqual({ begin: '2026-11-16', end: '2026-11-22' });
  });

  it('refuses a begin after the end and keeps the last valid range', async () => {
    const store = await reload();
    store.setRange({ begin: '2026-11-02', end: '2026-11-08' });
    expect(store.setRange({ begin: '2026-11-09', end: '2026-11-08' })).toBe(false);
    expect(store.setRange({ begin: 'garbage', end: '2026-11-08' })).toBe(false);
    expect(store.range).toEqual({ begin: '2026-11-02', end: '2026-11-08' });
  });

  it('offers presets', () => {
    const now = new Date(clock.now());
    expect(presetRange('today', now)).toEqual({ begin: '2026-11-21', end: '2026-11-21' });
    expect(presetRange('thisWeek', now)).toEqual({ begin: '2026-11-16', end: '2026-11-22' });
    expect(presetRange('next7Days', now)).toEqual({ begin: '2026-11-21', end: '2026-11-27' });
    expect(presetRange('thisMonth', now)).toEqual({ begin: '2026-11-01', end: '2026-11-30' });
  });
});
