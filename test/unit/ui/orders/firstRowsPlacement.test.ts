import { FIRST_ROWS_PLACEMENT_KEY, rememberedFirstRowsPlacement, rememberFirstRowsPlacement, type FirstRowsPlacement } from '../../../../src/ui/orders/firstRowsPlacement';

const PLACEMENT: FirstRowsPlacement = {
  window: { width: 1400, height: 900 },
  language: 'de',
  grid: { top: 248, left: 16, width: 1368, height: 636 },
  columns: ['number', 'status', 'price'],
  rowHeight: 36,
  dark: false,
};

describe('the first rows’ placement', () => {
  beforeEach(() => localStorage.clear());

  it('is read back for a window of the same size and the same language', () => {
    rememberFirstRowsPlacement(localStorage, PLACEMENT);
    expect(rememberedFirstRowsPlacement(localStorage, { width: 1400, height: 900 }, 'de')).toEqual(PLACEMENT);
  });

  it('is not read back for another window size or another language, where the filters above the grid wrap otherwise', () => {
    rememberFirstRowsPlacement(localStorage, PLACEMENT);
    expect(rememberedFirstRowsPlacement(localStorage, { width: 1366, height: 900 }, 'de')).toBeNull();
    expect(rememberedFirstRowsPlacement(localStorage, { width: 1400, height: 800 }, 'de')).toBeNull();
    expect(rememberedFirstRowsPlacement(localStorage, { width: 1400, height: 900 }, 'en')).toBeNull();
  });

  it('is nothing when none is kept or what is kept is no placement', () => {
    expect(rememberedFirstRowsPlacement(localStorage, PLACEMENT.window, 'de')).toBeNull();
    for (const kept of ['{', '"text"', JSON.stringify({ ...PLACEMENT, columns: ['number', 'nonsense'] }), JSON.stringify({ ...PLACEMENT, rowHeight: 0 }), JSON.stringify({ ...PLACEMENT, grid: { ...PLACEMENT.grid, top: 'x' } })]) {
      localStorage.setItem(FIRST_ROWS_PLACEMENT_KEY, kept);
      expect(rememberedFirstRowsPlacement(localStorage, PLACEMENT.window, 'de')).toBeNull();
    }
  });

  it('is written only when it changed, and a storage that refuses it changes nothing', () => {
    const setItem = jest.fn((key: string, value: string) => localStorage.setItem(key, value));
    const storage = { getItem: (key: string) => localStorage.getItem(key), setItem };
    rememberFirstRowsPlacement(storage, PLACEMENT);
    rememberFirstRowsPlacement(storage, { ...PLACEMENT });
    expect(setItem).toHaveBeenCalledTimes(1);
    const full = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(() => rememberFirstRowsPlacement(full, { ...PLACEMENT, dark: true })).not.toThrow();
  });
});
