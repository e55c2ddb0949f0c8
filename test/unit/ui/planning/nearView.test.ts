import { isNearView, NEAR_VIEW_PX, stationAt } from '../../../../src/ui/planning/nearView';

describe('isNearView', () => {
  const area = { top: 100, bottom: 700 };

  it('takes a row in the visible area, or reaching into it from above or below', () => {
    expect(isNearView({ top: 200, bottom: 300 }, area)).toBe(true);
    expect(isNearView({ top: -2000, bottom: 150 }, area)).toBe(true);
    expect(isNearView({ top: 650, bottom: 5000 }, area)).toBe(true);
    expect(isNearView({ top: -2000, bottom: 5000 }, area)).toBe(true);
  });

  it('takes a row within the margin beyond the area, and not one further away', () => {
    expect(isNearView({ top: 700 + NEAR_VIEW_PX - 1, bottom: 2000 }, area)).toBe(true);
    expect(isNearView({ top: 700 + NEAR_VIEW_PX, bottom: 2000 }, area)).toBe(false);
    expect(isNearView({ top: -3000, bottom: 100 - NEAR_VIEW_PX + 1 }, area)).toBe(true);
    expect(isNearView({ top: -3000, bottom: 100 - NEAR_VIEW_PX }, area)).toBe(false);
    expect(isNearView({ top: 800, bottom: 900 }, area, 0)).toBe(false);
  });
});

describe('stationAt', () => {
  const row = (station: string, top: number, bottom: number) => ({ dataset: { station }, getBoundingClientRect: () => ({ top, bottom }) }) as unknown as HTMLElement;
  const rows = [row('Bremen', 40, 1200), row('Kiel', 1200, 1236)];

  it('answers the row whose box holds the height, its top included and its bottom not', () => {
    expect(stationAt(rows, 40)).toBe('Bremen');
    expect(stationAt(rows, 1199.5)).toBe('Bremen');
    expect(stationAt(rows, 1200)).toBe('Kiel');
  });

  it('answers none above or below every row', () => {
    expect(stationAt(rows, 39)).toBeUndefined();
    expect(stationAt(rows, 1236)).toBeUndefined();
  });
});
