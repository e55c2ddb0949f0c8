import type { Order } from '../../../../../shared/Order';
import { assignLanes } from '../../../../../src/domain/model/planning/barLanes';
import { boardLayout } from '../../../../../src/domain/model/planning/boardLayout';
import { planningGrid } from '../../../../../src/domain/model/planning/PlanningGrid';
import { makeOrders } from '../../../support/FakeOrdersApi';

// The unit tests run in Europe/Berlin (jest.config.js).
const WEEK = { begin: '2026-11-16', end: '2026-11-22' };

function order(id: string, begin: string, end: string, station = 'Kiel'): Order {
  return { ...makeOrders(1)[0]!, id, begin: new Date(begin).toISOString(), end: new Date(end).toISOString(), station };
}

describe('assignLanes', () => {
  it('stacks overlapping intervals and gives touching ones the same lane', () => {
    const { lanes, count } = assignLanes([
      { key: 'c', begin: 10, end: 20 },
      { key: 'a', begin: 0, end: 10 },
      { key: 'b', begin: 5, end: 15 },
      { key: 'd', begin: 15, end: 30 },
    ]);
    expect(Object.fromEntries(lanes)).toEqual({ a: 0, b: 1, c: 0, d: 1 });
    expect(count).toBe(2);
  });

  it('uses as many lanes as intervals overlap at one instant', () => {
    const { count } = assignLanes([
      { key: 'a', begin: 0, end: 100 },
      { key: 'b', begin: 10, end: 20 },
      { key: 'c', begin: 15, end: 25 },
      { key: 'd', begin: 30, end: 40 },
    ]);
    expect(count).toBe(3);
  });
});

describe('boardLayout', () => {
  it('gives every named station a row, in order, and stations only orders name after them', () => {
    const rows = boardLayout([order('x', '2026-11-17T10:00', '2026-11-17T12:00', 'Aachen')], planningGrid(WEEK), ['Kiel', 'Hamburg']);
    expect(rows.map((row) => [row.station, row!.bars.length, row!.lanes])).toEqual([
      ['Kiel', 0, 1],
      ['Hamburg', 0, 1],
      ['Aachen', 1, 1],
    ]);
  });

  it('stacks the overlapping bars of a station, not hiding any, and lets touching bars share a lane', () => {
    const [row] = boardLayout(
      [
        order('a', '2026-11-17T08:00', '2026-11-17T10:00'),
        order('b', '2026-11-17T09:00', '2026-11-17T11:00'),
        order('c', '2026-11-17T10:00', '2026-11-17T12:00'),
      ],
      planningGrid(WEEK),
      ['Kiel'],
    );
    expect(row!.bars.map((bar) => [bar.order.id, bar.lane])).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 0],
    ]);
    expect(row!.lanes).toBe(2);
  });

  it('places a bar by fractions of the week and clips one that runs past either end', () => {
    const [row] = boardLayout(
      [order('in', '2026-11-17T00:00', '2026-11-18T12:00'), order('across', '2026-11-14T00:00', '2026-11-16T12:00'), order('after', '2026-11-22T12:00', '2026-11-25T00:00'), order('out', '2026-11-10T00:00', '2026-11-16T00:00')],
      planningGrid(WEEK),
      ['Kiel'],
    );
    const byId = Object.fromEntries(row!.bars.map((bar) => [bar.order.id, bar]));
    expect(Object.keys(byId).sort()).toEqual(['across', 'after', 'in']);
    expect(byId.in!.left).toBeCloseTo(1 / 7);
    expect(byId.in!.right).toBeCloseTo(2.5 / 7);
    expect([byId.in!.continuesBefore, byId.in!.continuesAfter]).toEqual([false, false]);
    expect([byId.across!.left, byId.across!.continuesBefore, byId.across!.continuesAfter]).toEqual([0, true, false]);
    expect(byId.across!.right).toBeCloseTo(0.5 / 7);
    expect([byId.after!.right, byId.after!.continuesBefore, byId.after!.continuesAfter]).toEqual([1, false, true]);
  });

  it('shows one day by hours, with bars as fractions of the day', () => {
    const grid = planningGrid({ begin: '2026-11-17', end: '2026-11-17' });
    expect(grid.scale).toBe('hours');
    expect(grid.columns).toHaveLength(24);
    const [row] = boardLayout([order('a', '2026-11-17T06:00', '2026-11-17T12:00'), order('b', '2026-11-18T06:00', '2026-11-18T07:00')], grid, ['Kiel']);
    expect(row!.bars).toHaveLength(1);
    expect(row!.bars[0]!.left).toBeCloseTo(6 / 24);
    expect(row!.bars[0]!.right).toBeCloseTo(12 / 24);
  });

  it('shows a week by its days', () => {
    const grid = planningGrid(WEEK);
    expect(grid.scale).toBe('days');
    expect(grid.columns.map((column) => column.day)).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22']);
    expect(grid.start).toBe(new Date('2026-11-15T23:00:00Z').getTime());
  });

  it('gives the day summer time begins its 23 real hours, placing bars by the time they take', () => {
    const grid = planningGrid({ begin: '2026-03-29', end: '2026-03-29' });
    expect(grid.columns).toHaveLength(23);
    expect(grid.columns.slice(0, 4).map((column) => column.hour)).toEqual([0, 1, 3, 4]);
    // 03:00 CEST is two real hours after midnight CET.
    const [row] = boardLayout([order('a', '2026-03-29T03:00', '2026-03-29T04:00')], grid, ['Kiel']);
    expect(row!.bars[0]!.left).toBeCloseTo(2 / 23);
    expect(row!.bars[0]!.right).toBeCloseTo(3 / 23);
  });

  it('gives the day summer time ends 25 hours, and a week across it days of their real length', () => {
    expect(planningGrid({ begin: '2026-10-25', end: '2026-10-25' }).columns).toHaveLength(25);
    const week = planningGrid({ begin: '2026-10-19', end: '2026-10-25' });
    const last = week.columns[6];
    expect(last!.end - last!.start).toBe(25 * 3600_000);
  });
});
