import type { Order } from '../../../../shared/Order';
import type { Role } from '../../../../shared/Role';
import { ApiError } from '../../../../src/domain/model/ApiError';
import type { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { BarRescheduleStore } from '../../../../src/domain/stores/BarRescheduleStore';
import { OrdersFilterStore } from '../../../../src/domain/stores/OrdersFilterStore';
import { PlanningBoardStore } from '../../../../src/domain/stores/PlanningBoardStore';
import { createTestContainer } from '../../support/createTestContainer';
import { FakeOrdersApi, makeOrders } from '../../support/FakeOrdersApi';
import { FakeNotifier } from '../../support/fakes';

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

const ROLES: Role[] = ['viewer', 'operator', 'admin'];

describe('BarRescheduleStore', () => {
  let api: FakeOrdersApi;
  let board: PlanningBoardStore;
  let filter: OrdersFilterStore;
  let notifier: FakeNotifier;
  let moves: BarRescheduleStore;
  // Monday 16 November 2026, 09:00 to 10:00 in Berlin.
  const order: Order = { ...makeOrders(1)[0]!, begin: '2026-11-16T08:00:00.000Z', end: '2026-11-16T09:00:00.000Z' };

  async function setUp(role: Role, range = { begin: '2026-11-16', end: '2026-11-22' }): Promise<void> {
    const bed = createTestContainer();
    api = new FakeOrdersApi([order, { ...order, id: 'o-2', station: 'Hamburg', vehicle: { ...order.vehicle, licensePlate: 'HH-B 2' } }, { ...order, id: 'o-3', station: 'Lübeck', vehicle: { ...order.vehicle, licensePlate: 'HL-C 3' } }]);
    filter = bed.container.get(OrdersFilterStore);
    filter.setRange(range);
    board = new PlanningBoardStore(api, filter);
    notifier = new FakeNotifier();
    const session = { allows: (needed: Role) => ROLES.indexOf(role) >= ROLES.indexOf(needed) } as SessionStore;
    moves = new BarRescheduleStore(board, api, notifier, session);
    board.start();
    await settle();
  }

  afterEach(() => board.dispose());

  it('moves a bar by a day in the week, its end alone with Shift, and to the next station; Enter saves all three with the version seen', async () => {
    await setUp('operator');
    expect(board.rowStations).toEqual(['Hamburg', 'Kiel', 'Lübeck']);
    expect(moves.step('o-1', 'later')).toBe(true);
    expect(moves.step('o-1', 'later')).toBe(true);
    expect(moves.step('o-1', 'endLater')).toBe(true);
    expect(moves.step('o-1', 'stationDown')).toBe(true);
    expect(board.pending).toEqual({ id: 'o-1', begin: '2026-11-18T08:00:00.000Z', end: '2026-11-19T09:00:00.000Z', station: 'Lübeck' });
    // Shown where it is going, not where it was.
    expect(board.rowOf('Lübeck').bars.map((bar) => bar.order.id)).toEqual(['o-3', 'o-1']);
    expect(board.rowOf('Kiel').bars).toEqual([]);
    expect(api.updates).toEqual([]);
    expect(await moves.save()).toBe(true);
    expect(api.updates).toEqual([{ id: 'o-1', version: 1, change: { begin: '2026-11-18T08:00:00.000Z', end: '2026-11-19T09:00:00.000Z', station: 'Lübeck' } }]);
    expect(board.pending).toBeNull();
    expect(board.orders.get('o-1')).toMatchObject({ station: 'Lübeck', version: 2 });
    expect(notifier.toasts).toEqual([{ message: 'orderDetail.saved', values: { number: order.number }, intent: 'success' }]);
  });

  it('moves by an hour on a day’s board, and keeps the end after the begin', async () => {
    await setUp('operator', { begin: '2026-11-16', end: '2026-11-16' });
    moves.step('o-1', 'earlier');
    expect(board.pending).toMatchObject({ begin: '2026-11-16T07:00:00.000Z', end: '2026-11-16T08:00:00.000Z' });
    expect(moves.step('o-1', 'endEarlier')).toBe(false);
    expect(moves.step('o-1', 'stationUp')).toBe(true);
    expect(moves.step('o-1', 'stationUp')).toBe(false);
    expect(board.pending?.station).toBe('Hamburg');
  });

  it('keeps the time of day when a day step crosses the end of summer time', async () => {
    const summer: Order = { ...order, begin: '2026-10-24T07:00:00.000Z', end: '2026-10-24T08:00:00.000Z' };
    await setUp('operator', { begin: '2026-10-19', end: '2026-10-25' });
    board.noteSaved({ ...summer, version: 2 });
    moves.step('o-1', 'later');
    // 09:00 CEST on Saturday, 09:00 CET on Sunday.
    expect(board.pending).toMatchObject({ begin: '2026-10-25T08:00:00.000Z', end: '2026-10-25T09:00:00.000Z' });
  });

  it('Escape drops the move and sends nothing', async () => {
    await setUp('operator');
    moves.step('o-1', 'later');
    moves.cancel();
    expect(board.pending).toBeNull();
    expect(await moves.save()).toBe(false);
    expect(api.updates).toEqual([]);
  });

  it('a drop that double-books the vehicle is asked about first and saved confirmed only when the operator says so', async () => {
    const bed = createTestContainer();
    // o-2 has the same vehicle on Wednesday; o-1 moved two days later would overlap it.
    const api = new FakeOrdersApi([order, { ...order, id: 'o-2', number: 'AN-2', begin: '2026-11-18T08:00:00.000Z', end: '2026-11-18T09:00:00.000Z' }]);
    bed.container.get(OrdersFilterStore).setRange({ begin: '2026-11-16', end: '2026-11-22' });
    const board = new PlanningBoardStore(api, bed.container.get(OrdersFilterStore));
    const moves = new BarRescheduleStore(board, api, new FakeNotifier(), { allows: () => true } as unknown as SessionStore);
    board.start();
    await settle();
    moves.step('o-1', 'later');
    moves.step('o-1', 'later');
    expect(await moves.save()).toBe(false);
    expect(moves.doubleBooking.other).toMatchObject({ id: 'o-2' });
    expect(board.pending).toMatchObject({ id: 'o-1', begin: '2026-11-18T08:00:00.000Z' });
    expect(api.updates.map((update) => update.change.confirmDoubleBooking)).toEqual([undefined]);
    await moves.doubleBooking.confirm();
    expect(api.updates.map((update) => update.change.confirmDoubleBooking)).toEqual([undefined, true]);
    expect(board.orders.get('o-1')).toMatchObject({ begin: '2026-11-18T08:00:00.000Z', version: 2 });
    expect(board.pending).toBeNull();
    board.dispose();
  });

  it('on a conflict keeps both sides for the conflict view; taking theirs shows their order, reapplying puts the move on top', async () => {
    await setUp('operator');
    moves.step('o-1', 'later');
    api.changeBehindTheScenes('o-1', { notes: 'theirs' });
    expect(await moves.save()).toBe(false);
    expect(moves.conflict?.theirs).toMatchObject({ id: 'o-1', version: 2 });
    expect(moves.conflict?.yours).toEqual({ begin: '2026-11-17T08:00:00.000Z', end: '2026-11-17T09:00:00.000Z', station: 'Kiel' });
    expect(board.pending).toBeNull();
    moves.reapplyMine();
    expect(moves.conflict).toBeNull();
    expect(board.pending).toEqual({ id: 'o-1', begin: '2026-11-17T08:00:00.000Z', end: '2026-11-17T09:00:00.000Z', station: 'Kiel' });
    expect(await moves.save()).toBe(true);
    expect(api.updates.at(-1)).toMatchObject({ id: 'o-1', version: 2 });
    moves.step('o-1', 'later');
    api.changeBehindTheScenes('o-1', { notes: 'again' });
    await moves.save();
    moves.takeTheirs();
    expect(board.pending).toBeNull();
    expect(board.orders.get('o-1')).toMatchObject({ notes: 'again', begin: '2026-11-17T08:00:00.000Z' });
  });

  it('a viewer moves nothing and is told why', async () => {
    await setUp('viewer');
    expect(moves.step('o-1', 'later')).toBe(false);
    expect(board.pending).toBeNull();
    expect(moves.refused).toBe('viewer');
    moves.dismissRefusal();
    expect(moves.refused).toBeNull();
  });

  it('a refused save other than a conflict is told and the move stays to try again', async () => {
    await setUp('operator');
    moves.step('o-1', 'later');
    api.failNext = new ApiError(503);
    expect(await moves.save()).toBe(false);
    expect(board.pending?.id).toBe('o-1');
    expect(notifier.toasts).toEqual([{ title: 'orderDetail.saveFailed', message: new ApiError(503).messageKey, intent: 'danger' }]);
  });
});

describe('BarRescheduleStore drags', () => {
  const order: Order = { ...makeOrders(1)[0]!, begin: '2026-11-16T08:00:00.000Z', end: '2026-11-17T08:00:00.000Z' };

  it('moves the whole bar onto another station, or its begin or end alone, counted from where it is saved, and saves as the keyboard does', async () => {
    const bed = createTestContainer();
    const api = new FakeOrdersApi([order, { ...order, id: 'o-2', station: 'Hamburg', vehicle: { ...order.vehicle, licensePlate: 'HH-B 2' } }]);
    bed.container.get(OrdersFilterStore).setRange({ begin: '2026-11-16', end: '2026-11-22' });
    const board = new PlanningBoardStore(api, bed.container.get(OrdersFilterStore));
    const moves = new BarRescheduleStore(board, api, new FakeNotifier(), { allows: () => true } as unknown as SessionStore);
    board.start();
    await settle();
    expect(moves.drag('o-1', 'move', 1, 'Hamburg')).toBe(true);
    expect(moves.drag('o-1', 'move', 2, 'Hamburg')).toBe(true);
    expect(board.pending).toEqual({ id: 'o-1', begin: '2026-11-18T08:00:00.000Z', end: '2026-11-19T08:00:00.000Z', station: 'Hamburg' });
    expect(moves.drag('o-1', 'begin', -1)).toBe(true);
    expect(board.pending).toEqual({ id: 'o-1', begin: '2026-11-15T08:00:00.000Z', end: '2026-11-17T08:00:00.000Z', station: 'Kiel' });
    // The begin does not pass the end.
    expect(moves.drag('o-1', 'begin', 1)).toBe(false);
    expect(moves.drag('o-1', 'end', 2)).toBe(true);
    expect(await moves.save()).toBe(true);
    expect(api.updates).toEqual([{ id: 'o-1', version: 1, change: { begin: '2026-11-16T08:00:00.000Z', end: '2026-11-19T08:00:00.000Z', station: 'Kiel' } }]);
    board.dispose();
  });

  it('refuses a viewer’s drag and says why', async () => {
    const bed = createTestContainer();
    const api = new FakeOrdersApi([order]);
    const board = new PlanningBoardStore(api, bed.container.get(OrdersFilterStore));
    const moves = new BarRescheduleStore(board, api, new FakeNotifier(), { allows: (role: Role) => role === 'viewer' } as unknown as SessionStore);
    board.start();
    await settle();
    expect(moves.drag('o-1', 'move', 1)).toBe(false);
    expect(moves.refused).toBe('viewer');
    expect(board.pending).toBeNull();
    board.dispose();
  });
});
