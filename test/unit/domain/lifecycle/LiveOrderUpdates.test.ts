import { OrdersPageStart } from '../../../../src/app/modules/ordersPageModule';
import { BURST_INTERVAL_MS, LiveOrderUpdates } from '../../../../src/domain/lifecycle/LiveOrderUpdates';
import type { OrderEvent } from '../../../../src/domain/model/OrderEvent';
import { NO_ORDER_CRITERIA } from '../../../../src/domain/model/orderQuery';
import { GATHER_MS, LiveChangeAnnouncer } from '../../../../src/domain/stores/LiveChangeAnnouncer';
import { OrderDetailStore } from '../../../../src/domain/stores/OrderDetailStore';
import { OrdersListStore } from '../../../../src/domain/stores/OrdersListStore';
import { OrdersApi } from '../../../../src/domain/ports/OrdersApi';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { FakeOrdersApi, makeOrders } from '../../support/FakeOrdersApi';

describe('LiveOrderUpdates', () => {
  let bed: TestBed;
  let updates: LiveOrderUpdates;
  let applied: OrderEvent[][];
  let shownInDetail: OrderEvent[][];

  beforeEach(() => {
    bed = createTestContainer();
    const list = bed.container.get(OrdersListStore);
    const detail = bed.container.get(OrderDetailStore);
    applied = [];
    shownInDetail = [];
    jest.spyOn(list, 'applyEvents').mockImplementation((events) => void applied.push([...events]));
    jest.spyOn(detail, 'applyEvents').mockImplementation((events) => void shownInDetail.push([...events]));
    updates = bed.container.get(LiveOrderUpdates);
    updates.start();
    // The orders page's chunk arrived: the open order and the announcer follow the updates.
    bed.container.get(OrdersPageStart);
  });

  afterEach(() => updates.dispose());

  const [first, second] = makeOrders(2) as [ReturnType<typeof makeOrders>[number], ReturnType<typeof makeOrders>[number]];

  it('applies events that arrive together in one batch in the next frame, in order, to the list and the open order', () => {
    const orders = makeOrders(1000);
    orders.forEach((order, i) => bed.events.emit('order.updated', { ...order, version: 2 }, String(i + 1)));
    expect(applied).toEqual([]);
    expect(bed.frames.scheduled).toBe(1);
    bed.frames.frame();
    expect(applied).toHaveLength(1);
    expect(applied[0]?.map((event) => (event.type === 'order.updated' ? event.order.id : ''))).toEqual(orders.map((order) => order.id));
    expect(shownInDetail).toEqual(applied);
  });

  it('hands over one change per order changed: from before its first change to after its last', () => {
    for (let version = 2; version <= 50; version++) {
      bed.events.emit('order.updated', { ...first, station: `B-${version}`, version, previous: { ...first, version: version - 1 } });
      bed.events.emit('order.updated', { ...second, version, previous: { ...second, version: version - 1 } });
    }
    bed.frames.frame();
    expect(applied).toEqual([
      [
        { type: 'order.updated', order: { ...first, station: 'B-50', version: 50 }, previous: { ...first, version: 1 } },
        { type: 'order.updated', order: { ...second, version: 50 }, previous: { ...second, version: 1 } },
      ],
    ]);
  });

  it('hands each batch to the announcer, which tells screen readers of it once the burst has gathered', () => {
    const announcer = bed.container.get(LiveChangeAnnouncer);
    bed.events.emit('order.updated', { ...first, version: 2, previous: first }, '1');
    bed.events.emit('order.updated', { ...second, version: 2, previous: second }, '2');
    bed.frames.frame();
    expect(announcer.announcement).toBeNull();
    bed.clock.time += GATHER_MS;
    bed.timers.advance(GATHER_MS);
    expect(announcer.announcement).toEqual({ changed: 2, created: 0, removed: 0, sequence: 1 });
  });

  it('while a burst lasts, applies the next batch only once the burst interval has passed', () => {
    bed.events.emit('order.updated', { ...first, version: 2 }, '1');
    bed.frames.frame();
    expect(applied).toHaveLength(1);

    bed.events.emit('order.updated', { ...first, version: 3 }, '2');
    bed.events.emit('order.updated', { ...second, version: 2 }, '3');
    bed.frames.frame();
    expect(applied).toHaveLength(1);
    expect(bed.frames.scheduled).toBe(1);
    bed.timers.advance(BURST_INTERVAL_MS - 1);
    expect(bed.frames.scheduled).toBe(1);
    bed.timers.advance(1);
    expect(bed.frames.scheduled).toBe(2);
    expect(applied).toHaveLength(1);
    bed.frames.frame();
    expect(applied.map((batch) => batch.length)).toEqual([1, 2]);
    expect(shownInDetail).toEqual(applied);
  });

  it('applies a change after a quiet moment in the next frame', () => {
    bed.events.emit('order.updated', { ...first, version: 2 }, '1');
    bed.frames.frame();
    bed.timers.advance(BURST_INTERVAL_MS);
    // Nothing was waiting: the end of the interval asks for no frame.
    expect(bed.frames.scheduled).toBe(1);

    bed.events.emit('order.updated', { ...first, version: 3 }, '2');
    expect(bed.frames.scheduled).toBe(2);
    bed.frames.frame();
    expect(applied.map((batch) => batch.length)).toEqual([1, 1]);
  });

  it('applies what is queued at once on flush, and the burst interval starts from there', () => {
    bed.events.emit('order.updated', { ...first, version: 2 }, '1');
    updates.flush();
    expect(applied).toHaveLength(1);
    bed.frames.frame();
    expect(applied).toHaveLength(1);
    bed.events.emit('order.updated', { ...first, version: 3 }, '2');
    expect(bed.frames.scheduled).toBe(1);
    bed.timers.advance(BURST_INTERVAL_MS);
    bed.frames.frame();
    expect(applied).toHaveLength(2);
  });

  it('reads the three order events and reset, and skips unknown or malformed ones', () => {
    bed.events.emit('order.created', second);
    bed.events.emit('order.updated', { ...first, version: 2, previous: first });
    bed.events.emit('order.deleted', { id: second.id });
    bed.events.emit('order.updated', { id: 'x' });
    bed.events.emit('something.else', {});
    bed.frames.frame();
    expect(applied[0]).toEqual([
      { type: 'order.created', order: second },
      { type: 'order.updated', order: { ...first, version: 2 }, previous: first },
      { type: 'order.deleted', id: second.id, previous: null },
    ]);
  });

  it('lets a reset replace what was queued before it, and passes on the id it goes on after', () => {
    bed.events.emit('order.created', second);
    bed.events.emit('reset', {}, '42');
    bed.events.emit('order.created', first);
    bed.frames.frame();
    expect(applied[0]).toEqual([{ type: 'reset', after: 42 }, { type: 'order.created', order: first }]);
    bed.timers.advance(BURST_INTERVAL_MS);
    bed.events.emit('reset', null);
    bed.frames.frame();
    expect(applied.at(-1)).toEqual([{ type: 'reset', after: null }]);
  });

  it('stops listening when disposed', () => {
    updates.dispose();
    bed.events.emit('order.created', second);
    bed.frames.frame();
    expect(applied).toEqual([]);
  });

  it('drops what waits for the burst interval when disposed', () => {
    bed.events.emit('order.created', second);
    bed.frames.frame();
    bed.events.emit('order.updated', { ...second, version: 2 });
    updates.dispose();
    bed.timers.advance(BURST_INTERVAL_MS);
    bed.frames.frame();
    expect(applied).toHaveLength(1);
  });
});

describe('LiveOrderUpdates at the first screen', () => {
  const criteria = NO_ORDER_CRITERIA;
  let bed: TestBed;
  let api: FakeOrdersApi;
  let list: OrdersListStore;
  let updates: LiveOrderUpdates;

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
    api = new FakeOrdersApi(makeOrders(30).map((order) => ({ ...order, begin: new Date(bed.clock.now()).toISOString(), end: new Date(bed.clock.now() + 3_600_000).toISOString() })));
    bed.container.rebind(OrdersApi).toConstantValue(api);
    list = bed.container.get(OrdersListStore);
    updates = bed.container.get(LiveOrderUpdates);
    updates.start();
  });

  afterEach(() => {
    updates.dispose();
    list.dispose();
  });

  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('reads no list on the stream\'s first reset before the page is there; the page then asks once', async () => {
    bed.events.emit('reset', null);
    bed.frames.frame();
    await settle();
    expect(api.queries).toEqual([]);

    list.setCriteria(criteria);
    list.start();
    await settle();
    expect(api.queries).toHaveLength(1);
    expect(list.rowCount).toBe(30);
  });

  it('reads no list on the first reset while a first page read after it is on its way, and again on a later reset', async () => {
    api.lastEventId = 12;
    api.hold();
    void list.preload(criteria);
    bed.events.emit('reset', {}, '12');
    bed.frames.frame();
    api.release();
    await settle();
    list.start();
    await settle();
    expect(api.queries).toHaveLength(1);

    // A gap the stream cannot replay: the loaded list reads itself again.
    bed.timers.advance(BURST_INTERVAL_MS);
    bed.events.emit('reset', {}, '20');
    bed.frames.frame();
    await settle();
    expect(api.queries).toHaveLength(2);
  });

  it('judges a reset by the first page: one answered before the batch is applied is read again only when it is older than the stream', async () => {
    api.lastEventId = 12;
    api.hold();
    void list.preload(criteria);
    bed.events.emit('reset', {}, '12');
    api.release();
    await settle();
    expect(list.state).toBe('ready');
    bed.frames.frame();
    await settle();
    expect(api.queries).toHaveLength(1);

    list.dispose();
    api.lastEventId = 14;
    api.hold();
    void list.preload({ ...criteria, q: 'x' });
    bed.timers.advance(BURST_INTERVAL_MS);
    bed.events.emit('reset', {}, '15');
    api.release();
    await settle();
    bed.frames.frame();
    await settle();
    expect(api.queries).toHaveLength(3);
  });
});
