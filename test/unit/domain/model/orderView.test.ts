import { presetRange } from '../../../../src/domain/model/DayRange';
import { NO_ORDER_CRITERIA, type OrderCriteria } from '../../../../src/domain/model/orderQuery';
import { DEFAULT_VIEW, listOfView, sameView, viewOfList } from '../../../../src/domain/model/orderView';
import { DEFAULT_ORDER_COLUMNS } from '../../../../shared/OrderColumn';

const now = new Date(2026, 10, 25, 10);
const criteria: OrderCriteria = {
  status: ['new'],
  q: ' Meyer ',
  stations: ['Berlin'],
  services: ['Inspection', 'Tyres'],
  priceMin: 5000,
  priceMax: null,
  sort: { key: 'price', descending: true },
};

describe('saved views of the orders list', () => {
  it('keeps days that are a preset\'s as that preset, so the view moves on with the calendar', () => {
    const view = viewOfList({ range: presetRange('thisWeek', now), criteria, columns: ['number', 'price'] }, now);
    expect(view).toEqual({
      range: { preset: 'thisWeek' },
      status: ['new'],
      q: 'Meyer',
      sort: '-price',
      stations: ['Berlin'],
      services: ['Inspection', 'Tyres'],
      priceMin: 5000,
      priceMax: null,
      columns: ['number', 'price'],
    });
    const nextMonth = new Date(2026, 11, 30, 10);
    expect(listOfView(view, nextMonth).range).toEqual(presetRange('thisWeek', nextMonth));
  });

  it('keeps other days as they are', () => {
    const range = { begin: '2026-11-03', end: '2026-11-05' };
    const view = viewOfList({ range, criteria, columns: DEFAULT_ORDER_COLUMNS }, now);
    expect(view.range).toEqual(range);
    expect(listOfView(view, now)).toEqual({ range, criteria: { ...criteria, q: 'Meyer' }, columns: [...DEFAULT_ORDER_COLUMNS] });
  });

  it('opens what the console cannot show as the default view has it', () => {
    const stale = { ...DEFAULT_VIEW, range: { begin: '2026-11-05', end: '2026-11-03' }, status: ['lost'], sort: 'colour', columns: ['number', 'number'] } as never;
    expect(listOfView(stale, now)).toEqual({ range: presetRange('thisWeek', now), criteria: NO_ORDER_CRITERIA, columns: [...DEFAULT_ORDER_COLUMNS] });
  });

  it('the default view is this week, every order, the default sort and columns', () => {
    expect(sameView(viewOfList({ range: presetRange('thisWeek', now), criteria: NO_ORDER_CRITERIA, columns: DEFAULT_ORDER_COLUMNS }, now), DEFAULT_VIEW)).toBe(true);
  });

  it('tells views apart by what they show, not by the order statuses or stations were chosen in', () => {
    const view = viewOfList({ range: presetRange('today', now), criteria, columns: DEFAULT_ORDER_COLUMNS }, now);
    expect(sameView(view, { ...view, services: ['Tyres', 'Inspection'] })).toBe(true);
    expect(sameView(view, { ...view, columns: [...view.columns].reverse() })).toBe(false);
    expect(sameView(view, { ...view, priceMax: 9000 })).toBe(false);
    expect(sameView(view, { ...view, range: { preset: 'thisWeek' } })).toBe(false);
  });
});
