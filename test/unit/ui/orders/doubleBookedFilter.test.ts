import { activeFilterCount } from '../../../../src/domain/model/activeFilters';
import { NO_ORDER_CRITERIA, orderQuery } from '../../../../src/domain/model/orderQuery';
import { orderCriteriaFromSearch } from '../../../../src/ui/orders/orderCriteriaFromSearch';
import { orderCriteriaSearch } from '../../../../src/ui/orders/orderCriteriaSearch';

describe('the filter "Only double bookings"', () => {
  const range = { begin: '2026-11-16', end: '2026-11-22' };

  it('is kept in the URL and read back from it', () => {
    const search = orderCriteriaSearch({ ...NO_ORDER_CRITERIA, doubleBooked: true });
    expect(search.toString()).toBe('doubleBooked=true');
    expect(orderCriteriaFromSearch(`?${search}`).doubleBooked).toBe(true);
    expect(orderCriteriaSearch({ ...NO_ORDER_CRITERIA, doubleBooked: false }).toString()).toBe('');
    expect(orderCriteriaFromSearch('?doubleBooked=yes').doubleBooked).toBeUndefined();
  });

  it('asks the list for double-booked orders only, and counts as a filter', () => {
    expect(orderQuery(range, { ...NO_ORDER_CRITERIA, doubleBooked: true }).doubleBooked).toBe(true);
    expect(orderQuery(range, NO_ORDER_CRITERIA)).not.toHaveProperty('doubleBooked');
    expect(activeFilterCount({ ...NO_ORDER_CRITERIA, doubleBooked: true })).toBe(1);
  });
});
