import type { DayRange } from '../../../../src/domain/model/DayRange';
import { NO_ORDER_CRITERIA, orderQuery, type OrderCriteria } from '../../../../src/domain/model/orderQuery';
import { orderCriteriaFromSearch } from '../../../../src/ui/orders/orderCriteriaFromSearch';
import { orderCriteriaSearch } from '../../../../src/ui/orders/orderCriteriaSearch';

const criteria: OrderCriteria = {
  status: ['new', 'confirmed'],
  q: 'Meyer',
  stations: ['Berlin Mitte', 'Köln & Bonn'],
  services: ['Inspection'],
  priceMin: 4950,
  priceMax: 20000,
  sort: { key: 'price', descending: true },
};

describe('the criteria in the URL', () => {
  it('reads back what it writes, prices in euros', () => {
    const search = orderCriteriaSearch(criteria);
    expect(search.getAll('station')).toEqual(['Berlin Mitte', 'Köln & Bonn']);
    expect(search.get('priceMin')).toBe('49.5');
    expect(search.get('priceMax')).toBe('200');
    expect(orderCriteriaFromSearch(search.toString())).toEqual(criteria);
  });

  it('leaves the defaults out', () => {
    expect(orderCriteriaSearch(NO_ORDER_CRITERIA).toString()).toBe('');
    expect(orderCriteriaFromSearch('')).toEqual(NO_ORDER_CRITERIA);
  });

  it('ignores what is not a criterion: unknown statuses, empty and repeated values, prices that are no amounts', () => {
    const read = orderCriteriaFromSearch('status=lost&station=&station=A&station=A&priceMin=1e3&priceMax=-5&service=X');
    expect(read).toEqual({ ...NO_ORDER_CRITERIA, stations: ['A'], services: ['X'] });
    expect(orderCriteriaFromSearch('priceMin=10.505').priceMin).toBeNull();
    expect(orderCriteriaFromSearch('priceMin=0').priceMin).toBe(0);
  });

  it('drops a price range whose bounds are reversed', () => {
    expect(orderCriteriaFromSearch('priceMin=300&priceMax=200')).toMatchObject({ priceMin: null, priceMax: null });
  });
});

describe('orderQuery', () => {
  const week: DayRange = { begin: '2026-11-23', end: '2026-11-29' };

  it('asks for the stations, services and price bounds chosen', () => {
    expect(orderQuery(week, criteria)).toMatchObject({
      status: ['new', 'confirmed'],
      q: 'Meyer',
      station: ['Berlin Mitte', 'Köln & Bonn'],
      service: ['Inspection'],
      priceMin: 4950,
      priceMax: 20000,
      sort: '-price',
    });
  });

  it('leaves out what is not chosen; a bound of 0 is a bound', () => {
    const query = orderQuery(week, { ...NO_ORDER_CRITERIA, priceMin: 0 });
    expect(Object.keys(query).sort()).toEqual(['begin', 'end', 'priceMin', 'sort']);
  });
});
