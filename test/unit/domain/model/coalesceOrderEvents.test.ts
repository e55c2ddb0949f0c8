import { coalesceOrderEvents } from '../../../../src/domain/model/coalesceOrderEvents';
import type { Order } from '../../../../shared/Order';
import type { OrderEvent } from '../../../../src/domain/model/OrderEvent';
import { ORDER_STATUSES } from '../../../../shared/OrderStatus';
import { OrdersFilterStore } from '../../../../src/domain/stores/OrdersFilterStore';
import { OrdersListStore } from '../../../../src/domain/stores/OrdersListStore';
import { MobxStatePersistence, STATE_KEY } from '../../../../src/infrastructure/persistence/MobxStatePersistence';
import { SlicedStorage } from '../../../../src/infrastructure/persistence/SlicedStorage';
import { FakeOrdersApi, makeOrders } from '../../support/FakeOrdersApi';
import { FakeClock } from '../../support/fakes';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const [a, b] = makeOrders(2) as [Order, Order];
const at = (order: Order, version: number, change: Partial<Order> = {}): Order => ({ ...order, ...change, version });
const updated = (order: Order, version: number, change: Partial<Order> = {}): OrderEvent => ({
  type: 'order.updated',
  order: at(order, version, change),
  previous: at(order, version - 1),
});

describe('coalesceOrderEvents', () => {
  it('makes a run of changes to one order one change, from before the first to after the last, where the first was', () => {
    expect(coalesceOrderEvents([updated(a, 2), updated(b, 2), updated(a, 3, { station: 'Lübeck' }), updated(b, 3), updated(a, 4)])).toEqual([
      { type: 'order.updated', order: at(a, 4), previous: at(a, 1) },
      { type: 'order.updated', order: at(b, 3), previous: at(b, 1) },
    ]);
  });

  it('keeps a created order created, with its last state', () => {
    expect(coalesceOrderEvents([{ type: 'order.created', order: at(a, 1) }, updated(a, 2, { station: 'Lübeck' })])).toEqual([
      { type: 'order.created', order: at(a, 2, { station: 'Lübeck' }) },
    ]);
  });

  it('drops an update not newer than the one before it', () => {
    expect(coalesceOrderEvents([updated(a, 3), updated(a, 2), updated(a, 3)])).toEqual([updated(a, 3)]);
  });

  it('ends a run at a deletion and at a reset', () => {
    const deleted: OrderEvent = { type: 'order.deleted', id: a.id, previous: at(a, 3) };
    expect(coalesceOrderEvents([updated(a, 2), updated(a, 3), deleted, { type: 'order.created', order: at(a, 1) }])).toEqual([
      { type: 'order.updated', order: at(a, 3), previous: at(a, 1) },
      deleted,
      { type: 'order.created', order: at(a, 1) },
    ]);
    expect(coalesceOrderEvents([updated(b, 2), { type: 'reset', after: null }, updated(b, 3)])).toEqual([updated(b, 2), { type: 'reset', after: null }, updated(b, 3)]);
  });

  describe('applied to the list', () => {
    /** A list of 350 orders scrolled down and back: pages 0 and 1 held, 2 and 3 dropped with their counts. */
    async function scrolledList(): Promise<OrdersListStore> {
      const filter = new OrdersFilterStore(new FakeClock(new Date(2026, 10, 21, 10).getTime()), new MobxStatePersistence(new SlicedStorage(localStorage, STATE_KEY)));
      const list = new OrdersListStore(new FakeOrdersApi(makeOrders(350)), filter);
      list.start();
      await settle();
      for (const row of [100, 200, 300, 0]) {
        list.showRows(row, row + 20);
        await settle();
        await settle();
      }
      return list;
    }

    const shown = (list: OrdersListStore) => ({
      total: list.total,
      rows: Array.from({ length: list.rowCount }, (_, index) => {
        const order = list.rowAt(index);
        return order && `${order.id}@${order.version}`;
      }),
    });

    /** A deterministic pseudo-random sequence (mulberry32). */
    function randomOf(seed: number): (below: number) => number {
      let state = seed;
      return (below) => {
        state = (state + 0x6d2b79f5) | 0;
        let t = Math.imul(state ^ (state >>> 15), 1 | state);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * below);
      };
    }

    it('leaves the rows and the count as every single event would, for random bursts of creations, moves, status changes and deletions', async () => {
      localStorage.clear();
      const raw = await scrolledList();
      const coalesced = await scrolledList();
      expect(shown(coalesced)).toEqual(shown(raw));
      const random = randomOf(4711);
      const current = new Map(makeOrders(350).map((order) => [order.id, order]));
      const week = Date.UTC(2026, 10, 16, 0);
      let created = 0;
      for (let burst = 0; burst < 150; burst++) {
        const events: OrderEvent[] = [];
        for (let n = 1 + random(40); n > 0; n--) {
          const ids = [...current.keys()];
          // Most changes go to a few orders, as in a burst, the rest anywhere in the list.
          const id = random(3) > 0 ? (ids[random(12)] as string) : (ids[random(ids.length)] as string);
          const before = current.get(id) as Order;
          const kind = random(20);
          if (kind === 0) {
            current.delete(id);
            events.push({ type: 'order.deleted', id, previous: before });
          } else if (kind === 1) {
            created++;
            const begin = new Date(week + random(7 * 24 * 12) * 300_000).toISOString();
            const order: Order = { ...before, id: `n-${created}`, number: `AN-2026-N${created}`, begin, end: begin, version: 1 };
            current.set(order.id, order);
            events.push({ type: 'order.created', order });
          } else {
            // A new station, a new status or a new begin: in the week, or outside it (leaves the list).
            const begin = kind < 6 ? new Date(week + (random(10) === 0 ? 30 : 0) * 86_400_000 + random(7 * 24 * 12) * 300_000).toISOString() : before.begin;
            const status = kind >= 6 && kind < 10 ? ORDER_STATUSES[random(ORDER_STATUSES.length)] ?? before.status : before.status;
            const after: Order = { ...before, station: `B-${burst}-${n}`, status, begin, end: begin < before.end ? before.end : begin, version: before.version + 1 };
            current.set(id, after);
            events.push({ type: 'order.updated', order: after, previous: before });
          }
        }
        raw.applyEvents(events);
        coalesced.applyEvents(coalesceOrderEvents(events));
        expect(shown(coalesced)).toEqual(shown(raw));
      }
      raw.dispose();
      coalesced.dispose();
    });
  });
});
