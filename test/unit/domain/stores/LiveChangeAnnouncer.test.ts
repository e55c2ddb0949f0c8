import type { OrderQuery } from '../../../../shared/Order';
import type { OrderEvent } from '../../../../src/domain/model/OrderEvent';
import { ANNOUNCEMENT_GAP_MS, GATHER_MS, LiveChangeAnnouncer } from '../../../../src/domain/stores/LiveChangeAnnouncer';
import { makeOrders } from '../../support/FakeOrdersApi';
import { FakeClock } from '../../support/fakes';
import { FakeTimers } from '../../support/liveFakes';

describe('LiveChangeAnnouncer', () => {
  let clock: FakeClock;
  let timers: FakeTimers;
  let query: OrderQuery;
  let announcer: LiveChangeAnnouncer;
  const orders = makeOrders(5);
  const order = (i: number) => orders[i] as (typeof orders)[number];

  /** Lets time pass for the timers and the clock alike. */
  const advance = (milliseconds: number) => {
    clock.time += milliseconds;
    timers.advance(milliseconds);
  };
  const updated = (i: number, change: object = { notes: 'x' }): OrderEvent => ({ type: 'order.updated', order: { ...order(i), ...change, version: 2 }, previous: order(i) });

  beforeEach(() => {
    clock = new FakeClock();
    timers = new FakeTimers();
    query = { begin: '2026-11-16T00:00:00.000Z', end: '2026-11-23T00:00:00.000Z' };
    announcer = new LiveChangeAnnouncer(timers, clock, () => query);
  });

  afterEach(() => announcer.dispose());

  it('announces nothing before a change, and a change once the gathering time has passed', () => {
    expect(announcer.announcement).toBeNull();
    announcer.note([updated(0)]);
    advance(GATHER_MS - 1);
    expect(announcer.announcement).toBeNull();
    advance(1);
    expect(announcer.announcement).toEqual({ changed: 1, created: 0, removed: 0, sequence: 1 });
  });

  it('tells a burst in one announcement, each order counted once, new and removed apart', () => {
    announcer.note([updated(0), updated(1)]);
    advance(100);
    announcer.note([updated(0, { notes: 'again' }), updated(2), { type: 'order.created', order: { ...order(3), id: 'fresh' } }]);
    advance(100);
    announcer.note([{ type: 'order.deleted', id: order(4).id, previous: order(4) }]);
    advance(GATHER_MS);
    expect(announcer.announcement).toEqual({ changed: 3, created: 1, removed: 1, sequence: 1 });
  });

  it('counts a new order changed afterwards as new, and a changed order deleted afterwards as removed', () => {
    const fresh = { ...order(0), id: 'fresh' };
    announcer.note([{ type: 'order.created', order: fresh }]);
    announcer.note([{ type: 'order.updated', order: { ...fresh, version: 2 }, previous: fresh }, updated(1)]);
    announcer.note([{ type: 'order.deleted', id: order(1).id, previous: order(1) }]);
    advance(GATHER_MS);
    expect(announcer.announcement).toEqual({ changed: 0, created: 1, removed: 1, sequence: 1 });
  });

  it('announces at most once in the gap time however long a burst lasts', () => {
    const seen: number[] = [];
    for (let tick = 0; tick < 200; tick++) {
      announcer.note([updated(tick % 5, { notes: String(tick) })]);
      advance(100);
      if (announcer.announcement && seen.at(-1) !== announcer.announcement.sequence) {
        seen.push(announcer.announcement.sequence);
      }
    }
    // 20 seconds of changes: the first after the gathering time, then one every gap.
    expect(seen).toEqual([1, 2, 3, 4]);
    advance(ANNOUNCEMENT_GAP_MS);
    expect(announcer.announcement?.sequence).toBe(5);
    advance(ANNOUNCEMENT_GAP_MS * 3);
    expect(announcer.announcement?.sequence).toBe(5);
  });

  it('waits for the rest of the gap after an announcement, then tells what came meanwhile', () => {
    announcer.note([updated(0)]);
    advance(GATHER_MS);
    expect(announcer.announcement?.sequence).toBe(1);
    advance(1000);
    announcer.note([updated(1)]);
    advance(GATHER_MS);
    expect(announcer.announcement?.sequence).toBe(1);
    advance(ANNOUNCEMENT_GAP_MS - 1000 - GATHER_MS - 1);
    expect(announcer.announcement?.sequence).toBe(1);
    advance(1);
    expect(announcer.announcement).toEqual({ changed: 1, created: 0, removed: 0, sequence: 2 });
  });

  it('tells nothing of orders outside the list, nor of a reset', () => {
    query = { ...query, status: ['completed'] };
    announcer.note([updated(0), { type: 'order.created', order: order(1) }, { type: 'order.deleted', id: order(2).id, previous: order(2) }, { type: 'reset', after: 3 }]);
    advance(GATHER_MS * 10);
    expect(announcer.announcement).toBeNull();
  });

  it('counts an order that leaves or enters the list by its change as changed', () => {
    query = { ...query, status: ['new'] };
    announcer.note([updated(0, { status: 'confirmed' }), { type: 'order.updated', order: { ...order(1), version: 2 }, previous: { ...order(1), status: 'completed' } }]);
    advance(GATHER_MS);
    expect(announcer.announcement).toEqual({ changed: 2, created: 0, removed: 0, sequence: 1 });
  });

  it('announces nothing more once disposed', () => {
    announcer.note([updated(0)]);
    announcer.dispose();
    advance(GATHER_MS * 2);
    expect(announcer.announcement).toBeNull();
  });
});
