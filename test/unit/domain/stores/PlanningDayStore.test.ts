import type { Order } from '../../../../shared/Order';
import { PlanningPageStart } from '../../../../src/app/modules/planningPageModule';
import { OrdersApi } from '../../../../src/domain/ports/OrdersApi';
import { OrdersFilterStore } from '../../../../src/domain/stores/OrdersFilterStore';
import { PlanningBoardStore } from '../../../../src/domain/stores/PlanningBoardStore';
import { PlanningDayStore } from '../../../../src/domain/stores/PlanningDayStore';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { FakeOrdersApi, makeOrders } from '../../support/FakeOrdersApi';

/** The test clock says 21 November 2026, a Saturday of this week. */
const WEEK = { begin: '2026-11-16', end: '2026-11-22' };

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

function at(order: Order, begin: string, end: string, station: string): Order {
  return { ...order, begin: new Date(begin).toISOString(), end: new Date(end).toISOString(), station };
}

describe('PlanningDayStore', () => {
  let bed: TestBed;
  let board: PlanningBoardStore;
  let days: PlanningDayStore;
  let filter: OrdersFilterStore;

  async function setUp(orders: Order[]): Promise<void> {
    bed = createTestContainer();
    bed.container.rebind(OrdersApi).toConstantValue(new FakeOrdersApi(orders));
    filter = bed.container.get(OrdersFilterStore);
    filter.setRange(WEEK);
    bed.container.get(PlanningPageStart);
    board = bed.container.get(PlanningBoardStore);
    days = bed.container.get(PlanningDayStore);
    board.start();
    await settle();
  }

  afterEach(() => board.dispose());

  it('shows today while it is one of the days, and steps a day back and forth within them', async () => {
    await setUp([]);
    expect(days.day).toBe('2026-11-21');
    days.next();
    expect(days.day).toBe('2026-11-22');
    expect(days.hasNext).toBe(false);
    days.next();
    expect(days.day).toBe('2026-11-22');
    for (let i = 0; i < 10; i++) days.previous();
    expect(days.day).toBe('2026-11-16');
    expect(days.hasPrevious).toBe(false);
    expect(days.hasNext).toBe(true);
  });

  it('keeps the day chosen while the days include it, and else shows their first day', async () => {
    await setUp([]);
    days.previous();
    filter.setRange({ begin: '2026-11-20', end: '2026-11-27' });
    expect(days.day).toBe('2026-11-20');
    filter.setRange({ begin: '2026-12-01', end: '2026-12-03' });
    expect(days.day).toBe('2026-12-01');
    expect(days.hasPrevious).toBe(false);
  });

  it('groups the board’s orders of the day by its rows’ stations, an order over midnight on both days', async () => {
    const [a, b, c] = makeOrders(3);
    await setUp([
      at(a!, '2026-11-20T22:00', '2026-11-21T02:00', 'Kiel'),
      at(b!, '2026-11-21T08:00', '2026-11-21T09:00', 'Hamburg'),
      at(c!, '2026-11-21T07:00', '2026-11-21T08:00', 'Kiel'),
    ]);
    const shown = () => days.stations.map((day) => [day.station, day.orders.map((order) => order.id)]);
    expect(shown()).toEqual([
      ['Hamburg', ['o-2']],
      ['Kiel', ['o-1', 'o-3']],
    ]);
    days.previous();
    expect(shown()).toEqual([
      ['Hamburg', []],
      ['Kiel', ['o-1']],
    ]);
  });

  it('follows the board’s live changes', async () => {
    const [a] = makeOrders(1);
    await setUp([at(a!, '2026-11-21T08:00', '2026-11-21T09:00', 'Kiel')]);
    expect(days.stations.flatMap((day) => day.orders.map((order) => order.id))).toEqual(['o-1']);
    board.applyEvents([{ type: 'order.updated', order: { ...at(a!, '2026-11-22T08:00', '2026-11-22T09:00', 'Kiel'), version: 2 }, previous: null }]);
    expect(days.stations.flatMap((day) => day.orders.map((order) => order.id))).toEqual([]);
    days.next();
    expect(days.stations.flatMap((day) => day.orders.map((order) => order.id))).toEqual(['o-1']);
  });
});
