import type { Order } from '../../../../shared/Order';
import { PlanningPageStart } from '../../../../src/app/modules/planningPageModule';
import { BURST_INTERVAL_MS, LiveOrderUpdates } from '../../../../src/domain/lifecycle/LiveOrderUpdates';
import { NO_ORDER_CRITERIA } from '../../../../src/domain/model/orderQuery';
import { OrdersApi } from '../../../../src/domain/ports/OrdersApi';
import { OrdersFilterStore } from '../../../../src/domain/stores/OrdersFilterStore';
import { PlanningBoardStore } from '../../../../src/domain/stores/PlanningBoardStore';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { FakeOrdersApi, makeOrders } from '../../support/FakeOrdersApi';

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

/** The board showing only double bookings: whether an order is one depends on the others. */
describe('PlanningBoardStore with only double bookings', () => {
  let bed: TestBed;
  let api: FakeOrdersApi;
  let board: PlanningBoardStore;
  let live: LiveOrderUpdates;
  /** makeOrders' orders overlap their neighbours: o-2 and o-3 share a vehicle. */
  const withPlate = (order: Order, licensePlate: string): Order => ({ ...order, vehicle: { ...order.vehicle, licensePlate } });

  beforeEach(async () => {
    bed = createTestContainer();
    api = new FakeOrdersApi(makeOrders(5));
    api.orders[2] = withPlate(api.orders[2]!, 'KI-AB 2');
    bed.container.rebind(OrdersApi).toConstantValue(api);
    bed.container.get(OrdersFilterStore).setRange({ begin: '2026-11-16', end: '2026-11-22' });
    live = bed.container.get(LiveOrderUpdates);
    live.start();
    bed.container.get(PlanningPageStart);
    board = bed.container.get(PlanningBoardStore);
    board.setCriteria({ ...NO_ORDER_CRITERIA, doubleBooked: true });
    board.start();
    await settle();
  });

  afterEach(() => {
    board.dispose();
    live.dispose();
  });

  const shown = () => [...board.rowOf('Kiel').bars.map((bar) => bar.order.id)].sort();
  /** `order` changed to `next` in the backend by someone else, and its event through the stream. */
  async function changed(index: number, next: Order, id: string): Promise<void> {
    const previous = api.orders[index]!;
    api.orders[index] = next;
    bed.events.emit('order.updated', { ...next, previous }, id);
    bed.timers.advance(BURST_INTERVAL_MS);
    bed.frames.frame();
    await settle();
  }

  it('asks for double bookings and shows only those', () => {
    expect(api.queries.at(-1)?.doubleBooked).toBe(true);
    expect(shown()).toEqual(['o-2', 'o-3']);
  });

  it('reads the board again after a live change: an order booked twice by another’s change comes, one no longer booked twice goes, none other is added', async () => {
    await changed(4, withPlate({ ...api.orders[4]!, version: 2 }, 'KI-AB 4'), '1');
    expect(shown()).toEqual(['o-2', 'o-3', 'o-4', 'o-5']);
    await changed(0, { ...api.orders[0]!, notes: 'no double booking', version: 2 }, '2');
    expect(shown()).toEqual(['o-2', 'o-3', 'o-4', 'o-5']);
    await changed(2, withPlate({ ...api.orders[2]!, version: 2 }, 'KI-AB 3'), '3');
    expect(shown()).toEqual(['o-4', 'o-5']);
  });

  it('keeps the mark of someone else’s change on a bar that stays, and moves it at once', async () => {
    await changed(1, { ...api.orders[1]!, station: 'Hamburg', version: 2 }, '1');
    expect(board.rowOf('Hamburg').bars.map((bar) => bar.order.id)).toEqual(['o-2']);
    expect([...board.changedElsewhere.keys()]).toEqual(['o-2']);
    expect(board.state).toBe('ready');
  });
});
