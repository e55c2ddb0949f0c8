import type { Order } from '../../../../../shared/Order';
import { stationRow } from '../../../../../src/domain/model/planning/boardLayout';
import { withMovingBar } from '../../../../../src/domain/model/planning/movingBar';
import { planningGrid } from '../../../../../src/domain/model/planning/PlanningGrid';
import { makeOrders } from '../../../support/FakeOrdersApi';

// The unit tests run in Europe/Berlin (jest.config.js).
const GRID = planningGrid({ begin: '2026-11-16', end: '2026-11-22' });

function order(id: string, begin: string, end: string): Order {
  return { ...makeOrders(1)[0]!, id, begin: new Date(begin).toISOString(), end: new Date(end).toISOString() };
}

// Lane 0: a (Mon), c (Wed); lane 1: b (Mon–Tue).
const a = order('a', '2026-11-16T08:00', '2026-11-16T18:00');
const b = order('b', '2026-11-16T10:00', '2026-11-17T12:00');
const c = order('c', '2026-11-18T08:00', '2026-11-18T12:00');
const settled = stationRow('Kiel', [a, b, c], GRID);
const lanes = (row: ReturnType<typeof withMovingBar>) => Object.fromEntries(row.bars.map((bar) => [bar.order.id, bar.lane]));

describe('withMovingBar', () => {
  it('leaves every other bar in its lane and keeps the moving bar in its own lane where that is free', () => {
    expect(lanes(settled)).toEqual({ a: 0, b: 1, c: 0 });
    const without = { ...settled, bars: settled.bars.filter((bar) => bar.order.id !== 'b') };
    const row = withMovingBar(without, { ...b, begin: c.begin, end: c.end }, GRID, 1);
    expect(lanes(row)).toEqual({ a: 0, c: 0, b: 1 });
    expect(row.lanes).toBe(2);
  });

  it('takes the first free lane when its own is taken, and a new lane below when none is free', () => {
    const without = { ...settled, bars: settled.bars.filter((bar) => bar.order.id !== 'c') };
    // c's lane 0 is a's on Monday: lane 1 is b's too, so a new lane.
    const monday = withMovingBar(without, { ...c, begin: '2026-11-16T09:00:00.000Z', end: '2026-11-16T11:00:00.000Z' }, GRID, 0);
    expect(lanes(monday)).toEqual({ a: 0, b: 1, c: 2 });
    expect(monday.lanes).toBe(3);
    // On Tuesday afternoon lane 0 is free (a ended on Monday, b ends at noon in lane 1).
    const tuesday = withMovingBar(without, { ...c, begin: '2026-11-17T08:00:00.000Z', end: '2026-11-17T10:00:00.000Z' }, GRID, 1);
    expect(lanes(tuesday)).toEqual({ a: 0, b: 1, c: 0 });
  });

  it('places a bar come from another row, clipped to the grid, among the bars in order of its begin', () => {
    const visitor = order('v', '2026-11-10T08:00', '2026-11-16T11:00');
    const row = withMovingBar(settled, visitor, GRID, null);
    expect(row.bars.map((bar) => bar.order.id)).toEqual(['v', 'a', 'b', 'c']);
    expect(row.bars[0]).toMatchObject({ left: 0, continuesBefore: true, continuesAfter: false, lane: 2 });
    expect(row.lanes).toBe(3);
  });
});
