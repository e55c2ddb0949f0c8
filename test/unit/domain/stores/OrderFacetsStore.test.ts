import { ApiError } from '../../../../src/domain/model/ApiError';
import { OrderFacetsStore } from '../../../../src/domain/stores/OrderFacetsStore';
import { FakeOrdersApi, makeOrders } from '../../support/FakeOrdersApi';

describe('OrderFacetsStore', () => {
  it('reads the stations and services of the orders, joining a read under way', async () => {
    const api = new FakeOrdersApi(makeOrders(6));
    const facets = new OrderFacetsStore(api);
    api.hold();
    const first = facets.load();
    const second = facets.load();
    expect(first).toBe(second);
    expect(facets.state).toBe('loading');
    api.release();
    await first;
    expect(facets.state).toBe('ready');
    expect(facets.facets.stations).toEqual([...new Set(api.orders.map((order) => order.station))].sort((a, b) => a.localeCompare(b)));
    expect(facets.facets.services.length).toBeGreaterThan(0);
  });

  it('keeps what it read when a later read fails, and says so when nothing was read', async () => {
    const api = new FakeOrdersApi(makeOrders(3));
    const facets = new OrderFacetsStore(api);
    api.failNext = new ApiError(0, undefined, 'network');
    await facets.load();
    expect(facets.state).toBe('error');
    await facets.load();
    const read = facets.facets;
    api.failNext = new ApiError(0, undefined, 'network');
    await facets.load();
    expect(facets.state).toBe('ready');
    expect(facets.facets).toBe(read);
  });
});
