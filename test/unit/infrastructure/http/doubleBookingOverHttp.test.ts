import { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { NewOrderStore } from '../../../../src/domain/stores/NewOrderStore';
import { OrderDetailStore } from '../../../../src/domain/stores/OrderDetailStore';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { demoUser, loginResult } from '../../support/demoUser';
import { doubleBookingProblem } from '../../support/doubleBookingRule';
import { makeOrders } from '../../support/FakeOrdersApi';
import type { RecordedRequest } from '../../support/FakeBackend';

/** The double-booking answer as the backend sends it, through the console's HTTP client. */
describe('a double booking over HTTP', () => {
  let bed: TestBed;
  const [, order, other] = makeOrders(3) as [never, ReturnType<typeof makeOrders>[number], ReturnType<typeof makeOrders>[number]];
  const confirmedOnly = (answer: unknown) => (request: RecordedRequest) =>
    (request.body as { confirmDoubleBooking?: boolean }).confirmDoubleBooking === true ? { status: 200, body: answer } : doubleBookingProblem(other);

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
    bed.container.get<SessionStore>(SessionStore).signIn(loginResult(bed.clock.now(), demoUser));
  });

  afterEach(() => bed.container.get(OrderDetailStore).close());

  it('asks about a refused PATCH and sends it again with confirmDoubleBooking and the same If-Match', async () => {
    bed.backend.on(`GET /orders/${order.id}`, { status: 200, body: order });
    bed.backend.on(`PATCH /orders/${order.id}`, confirmedOnly({ ...order, begin: other.begin, version: 2 }));
    const detail = bed.container.get(OrderDetailStore);
    await detail.open(order.id);
    detail.edit('begin', other.begin);
    await detail.save();
    expect(detail.doubleBooking.other).toEqual({ id: other.id, number: other.number, begin: other.begin, end: other.end, status: other.status });
    await detail.doubleBooking.confirm();
    const patches = bed.backend.requests.filter((request) => request.method === 'PATCH');
    expect(patches.map((request) => [request.headers['If-Match'] ?? request.headers['if-match'], request.body])).toEqual([
      ['"1"', { begin: other.begin }],
      ['"1"', { begin: other.begin, confirmDoubleBooking: true }],
    ]);
    expect(detail.order?.version).toBe(2);
  });

  it('asks about a refused POST and sends it again with confirmDoubleBooking', async () => {
    bed.backend.on('POST /orders', confirmedOnly({ ...order, id: 'o-new', number: 'AN-2026-000099' }));
    const store = bed.container.get(NewOrderStore);
    store.open(order);
    store.edit('begin', other.begin);
    store.edit('end', other.end);
    await store.save();
    expect(store.doubleBooking.other?.number).toBe(other.number);
    await expect(store.doubleBooking.confirm()).resolves.toEqual(expect.objectContaining({ id: 'o-new' }));
    const posts = bed.backend.requests.filter((request) => request.method === 'POST' && request.url === '/orders');
    expect(posts.map((request) => (request.body as { confirmDoubleBooking?: boolean }).confirmDoubleBooking)).toEqual([undefined, true]);
  });
});
