import { ApiError } from '../../../../src/domain/model/ApiError';
import { OrderDetailStore } from '../../../../src/domain/stores/OrderDetailStore';
import { OrdersFilterStore } from '../../../../src/domain/stores/OrdersFilterStore';
import { OrdersListStore } from '../../../../src/domain/stores/OrdersListStore';
import { MobxStatePersistence, STATE_KEY } from '../../../../src/infrastructure/persistence/MobxStatePersistence';
import { SlicedStorage } from '../../../../src/infrastructure/persistence/SlicedStorage';
import { FakeOrdersApi, makeOrders } from '../../support/FakeOrdersApi';
import { FakeClock, FakeNotifier } from '../../support/fakes';

describe('OrderDetailStore', () => {
  let api: FakeOrdersApi;
  let detail: OrderDetailStore;
  let list: OrdersListStore;
  let notifier: FakeNotifier;

  beforeEach(async () => {
    api = new FakeOrdersApi(makeOrders(5));
    notifier = new FakeNotifier();
    const filter = new OrdersFilterStore(new FakeClock(), new MobxStatePersistence(new SlicedStorage(localStorage, STATE_KEY)));
    list = new OrdersListStore(api, filter);
    detail = new OrderDetailStore(api, list, notifier);
    await detail.open('o-2');
  });

  it('opens an order with its allowed next statuses', () => {
    expect(detail.state).toBe('ready');
    expect(detail.order?.number).toBe('AN-2026-000002');
    expect(detail.allowedStatuses).toEqual(['confirmed', 'cancelled']);
    expect(detail.dirty).toBe(false);
  });

  it('says when an order does not exist', async () => {
    await detail.open('o-404');
    expect(detail.state).toBe('not-found');
  });

  it('saves only the changed fields, naming the version the operator saw', async () => {
    detail.edit('notes', 'Reifen einlagern');
    detail.edit('station', 'Lübeck');
    expect(detail.change).toEqual({ notes: 'Reifen einlagern', station: 'Lübeck' });
    await expect(detail.save()).resolves.toBe(true);
    expect(api.updates).toEqual([{ id: 'o-2', version: 1, change: { notes: 'Reifen einlagern', station: 'Lübeck' } }]);
    expect(detail.order?.version).toBe(2);
    expect(detail.dirty).toBe(false);
    expect(notifier.toasts).toEqual([expect.objectContaining({ message: 'orderDetail.saved', intent: 'success' })]);
  });

  it('sends nothing while the edited begin and end break the rule of an order\'s length, and names both', async () => {
    const end = new Date(Date.parse(detail.order?.begin ?? '') + 400 * 24 * 60 * 60 * 1000).toISOString();
    detail.edit('end', end);
    expect(Object.keys(detail.spanProblems).sort()).toEqual(['begin', 'end']);
    await expect(detail.save()).resolves.toBe(false);
    expect(api.updates).toEqual([]);
  });

  it('cannot send twice while a save runs', async () => {
    api.hold();
    const first = detail.changeStatus('confirmed');
    const second = detail.changeStatus('confirmed');
    expect(detail.saving).toBe(true);
    api.release();
    await expect(first).resolves.toBe(true);
    await expect(second).resolves.toBe(false);
    expect(api.updates).toHaveLength(1);
    expect(detail.order?.status).toBe('confirmed');
    expect(detail.allowedStatuses).toEqual(['in_progress', 'cancelled']);
  });

  it('shows a conflict instead of overwriting, then reapplies the operator’s change on the current order', async () => {
    const theirs = api.changeBehindTheScenes('o-2', { notes: 'Kunde ruft zurück', station: 'Kiel-Nord' });
    detail.edit('notes', 'Meine Notiz');
    await expect(detail.save()).resolves.toBe(false);
    expect(detail.conflict).toEqual({ theirs, yours: { notes: 'Meine Notiz' } });
    expect(api.orders[1]?.notes).toBe('Kunde ruft zurück');

    detail.reapplyMine();
    expect(detail.conflict).toBeNull();
    expect(detail.order).toEqual(theirs);
    expect(detail.draft).toMatchObject({ notes: 'Meine Notiz', station: 'Kiel-Nord' });
    await expect(detail.save()).resolves.toBe(true);
    expect(api.updates.at(-1)).toEqual({ id: 'o-2', version: 2, change: { notes: 'Meine Notiz' } });
    expect(api.orders[1]).toMatchObject({ notes: 'Meine Notiz', station: 'Kiel-Nord', version: 3 });
  });

  it('lets the operator take the other version instead', async () => {
    const theirs = api.changeBehindTheScenes('o-2', { status: 'cancelled' });
    await detail.changeStatus('confirmed');
    expect(detail.conflict?.yours).toEqual({ status: 'confirmed' });
    detail.takeTheirs();
    expect(detail.order).toEqual(theirs);
    expect(detail.allowedStatuses).toEqual([]);
  });

  it('shows field errors of a refused save in place and keeps the draft', async () => {
    api.failNext = new ApiError(422, {
      type: 'about:blank',
      title: 'Invalid',
      status: 422,
      errors: [{ field: 'station', message: 'Höchstens 100 Zeichen.' }],
    });
    detail.edit('station', 'Lübeck-Travemünde');
    await detail.save();
    expect(detail.fieldErrors).toEqual({ station: 'Höchstens 100 Zeichen.' });
    expect(detail.draft?.station).toBe('Lübeck-Travemünde');
    detail.edit('station', 'Lübeck');
    expect(detail.fieldErrors).toEqual({});
  });

  describe('when someone else changes the open order', () => {
    const theirs = () => ({ ...api.orders[1]!, notes: 'von nebenan', status: 'confirmed' as const, version: 2 });

    it('shows the new values at once when there are no edits, and says so', () => {
      detail.applyEvents([{ type: 'order.updated', order: theirs(), previous: api.orders[1]! }]);
      expect(detail.order?.notes).toBe('von nebenan');
      expect(detail.draft?.notes).toBe('von nebenan');
      expect(detail.allowedStatuses).toEqual(['in_progress', 'cancelled']);
      expect(detail.changedElsewhere?.version).toBe(2);
      detail.acknowledgeChange();
      expect(detail.changedElsewhere).toBeNull();
    });

    it('keeps the edits beside the new values, then reapplies them on top', () => {
      detail.edit('station', 'Lübeck');
      detail.applyEvents([{ type: 'order.updated', order: theirs(), previous: api.orders[1]! }]);
      expect(detail.order?.version).toBe(1);
      expect(detail.draft?.station).toBe('Lübeck');
      expect(detail.changedElsewhere?.notes).toBe('von nebenan');
      detail.acknowledgeChange();
      expect(detail.order?.version).toBe(2);
      expect(detail.draft).toMatchObject({ station: 'Lübeck', notes: 'von nebenan' });
      expect(detail.change).toEqual({ station: 'Lübeck' });
    });

    it('can drop the edits for the new values', () => {
      detail.edit('station', 'Lübeck');
      detail.applyEvents([{ type: 'order.updated', order: theirs(), previous: api.orders[1]! }]);
      detail.takeTheirs();
      expect(detail.order?.version).toBe(2);
      expect(detail.dirty).toBe(false);
    });

    it('ignores older versions, other orders and created orders', () => {
      detail.applyEvents([
        { type: 'order.updated', order: { ...api.orders[1]!, notes: 'alt' }, previous: null },
        { type: 'order.updated', order: { ...api.orders[2]!, version: 9 }, previous: null },
        { type: 'order.created', order: { ...api.orders[1]!, version: 5 } },
      ]);
      expect(detail.changedElsewhere).toBeNull();
      expect(detail.order?.version).toBe(1);
    });

    it('says when the order was deleted', () => {
      detail.applyEvents([{ type: 'order.deleted', id: 'o-2', previous: null }]);
      expect(detail.deletedElsewhere).toBe(true);
    });

    it('reads the order again on a reset and tells of a change it missed, keeping the edits', async () => {
      detail.edit('notes', 'Meine Notiz');
      api.changeBehindTheScenes('o-2', { notes: 'verpasst' });
      detail.applyEvents([{ type: 'reset', after: null }]);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(detail.changedElsewhere?.notes).toBe('verpasst');
      expect(detail.draft?.notes).toBe('Meine Notiz');
    });

    it('changes nothing on a reset when the order is as shown', async () => {
      detail.applyEvents([{ type: 'reset', after: null }]);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(detail.changedElsewhere).toBeNull();
      expect(detail.order?.version).toBe(1);
    });

    it('says the order was deleted when a reset finds it gone', async () => {
      api.orders.splice(1, 1);
      detail.applyEvents([{ type: 'reset', after: null }]);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(detail.deletedElsewhere).toBe(true);
    });
  });

  describe('opening an order the list holds', () => {
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

    beforeEach(async () => {
      await list.load();
      expect(list.heldOrder('o-3')).not.toBeNull();
    });

    it('shows it at once, as the list shows it, before the server has answered', async () => {
      api.hold();
      const opening = detail.open('o-3');
      expect(detail.state).toBe('ready');
      expect(detail.order).toBe(list.heldOrder('o-3'));
      expect(detail.draft?.notes).toBe(list.heldOrder('o-3')?.notes);
      api.release();
      await opening;
      expect(detail.changedElsewhere).toBeNull();
      expect(detail.order?.version).toBe(1);
    });

    it('reads it again behind it and tells of a newer version, which it shows', async () => {
      api.changeBehindTheScenes('o-3', { notes: 'inzwischen geändert' });
      await detail.open('o-3');
      await settle();
      expect(detail.order?.notes).toBe('inzwischen geändert');
      expect(detail.order?.version).toBe(2);
      expect(detail.changedElsewhere?.notes).toBe('inzwischen geändert');
    });

    it('says so when the server no longer has it', async () => {
      api.orders.splice(2, 1);
      await detail.open('o-3');
      expect(detail.deletedElsewhere).toBe(true);
    });

    it('reads an order the list does not hold before it shows it', async () => {
      api.hold();
      const opening = detail.open('o-404');
      expect(detail.state).toBe('loading');
      api.release();
      await opening;
      expect(detail.state).toBe('not-found');
    });
  });
});
