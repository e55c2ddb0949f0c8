import { FIRST_DAY, LAST_DAY, presetRange, RANGE_PRESETS, weekOf } from '../../../../src/domain/model/DayRange';
import { MAX_RANGE_DAYS } from '../../../../shared/instant';
import { addDays } from '../../../../src/domain/model/LocalDate';
import { OrdersFilterStore } from '../../../../src/domain/stores/OrdersFilterStore';
import { MobxStatePersistence, STATE_KEY } from '../../../../src/infrastructure/persistence/MobxStatePersistence';
import { SlicedStorage } from '../../../../src/infrastructure/persistence/SlicedStorage';
import { FakeClock } from '../../support/fakes';

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
    ['a range of two years', { orders: { filter: { begin: '2025-01-01', end: '2026-12-31' } } }],
    ['a range of one day more than the API takes', { orders: { filter: { begin: '2026-01-01', end: addDays('2026-01-01', MAX_RANGE_DAYS) } } }],
    ['a day in 1999', { orders: { filter: { begin: '1999-12-27', end: '2000-01-02' } } }],
    ['a day after the supported years', { orders: { filter: { begin: '2100-12-28', end: '2101-01-03' } } }],
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

  it('refuses a range the API would refuse: longer than MAX_RANGE_DAYS days, or a day outside the supported years', async () => {
    const store = await reload();
    store.setRange({ begin: '2026-11-02', end: '2026-11-08' });
    expect(store.setRange({ begin: '2026-01-01', end: addDays('2026-01-01', 399) })).toBe(false);
    expect(store.setRange({ begin: '2026-01-01', end: addDays('2026-01-01', MAX_RANGE_DAYS) })).toBe(false);
    expect(store.setRange({ begin: '1999-12-31', end: '2000-01-05' })).toBe(false);
    expect(store.setRange({ begin: '2100-12-28', end: '2100-12-31' })).toBe(false);
    expect(store.range).toEqual({ begin: '2026-11-02', end: '2026-11-08' });
    expect(store.setRange({ begin: '2026-01-01', end: addDays('2026-01-01', MAX_RANGE_DAYS - 1) })).toBe(true);
    expect(store.setRange({ begin: FIRST_DAY, end: '2000-01-09' })).toBe(true);
    expect(store.setRange({ begin: '2100-12-24', end: LAST_DAY })).toBe(true);
  });

  it('applies presets inside the limits, also at the edges of the supported years', async () => {
    const store = await reload();
    for (const preset of RANGE_PRESETS) {
      store.applyPreset(preset);
      expect(store.range).toEqual(presetRange(preset, new Date(clock.now())));
    }
    const saved = clock.time;
    try {
      clock.time = new Date(2100, 11, 31, 10).getTime();
      store.applyPreset('thisWeek');
      expect(store.range).toEqual({ begin: '2100-12-27', end: LAST_DAY });
      clock.time = new Date(2000, 0, 1, 10).getTime();
      store.applyPreset('today');
      expect(store.range).toEqual({ begin: FIRST_DAY, end: FIRST_DAY });
    } finally {
      clock.time = saved;
    }
  });

  it('offers presets', () => {
    const now = new Date(clock.now());
    expect(presetRange('today', now)).toEqual({ begin: '2026-11-21', end: '2026-11-21' });
    expect(presetRange('thisWeek', now)).toEqual({ begin: '2026-11-16', end: '2026-11-22' });
    expect(presetRange('next7Days', now)).toEqual({ begin: '2026-11-21', end: '2026-11-27' });
    expect(presetRange('thisMonth', now)).toEqual({ begin: '2026-11-01', end: '2026-11-30' });
  });
});
