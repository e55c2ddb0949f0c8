import { OrderDetailStore } from '../../../../src/domain/stores/OrderDetailStore';
import { OrdersFilterStore } from '../../../../src/domain/stores/OrdersFilterStore';
import { OrdersListStore } from '../../../../src/domain/stores/OrdersListStore';
import { ObservableSessionStore } from '../../../../src/domain/stores/ObservableSessionStore';
import { UnsavedEditsStore } from '../../../../src/domain/stores/UnsavedEditsStore';
import { MobxStatePersistence, STATE_KEY } from '../../../../src/infrastructure/persistence/MobxStatePersistence';
import { SlicedStorage } from '../../../../src/infrastructure/persistence/SlicedStorage';
import { LocalStorageUnsavedEdits } from '../../../../src/infrastructure/persistence/LocalStorageUnsavedEdits';
import { FakeOrdersApi, makeOrders } from '../../support/FakeOrdersApi';
import { FakeClock, FakeNavigator, FakeNotifier } from '../../support/fakes';
import { demoAdmin, demoUser, loginResult } from '../../support/demoUser';

describe('UnsavedEditsStore', () => {
  let api: FakeOrdersApi;
  let clock: FakeClock;
  let session: ObservableSessionStore;
  let detail: OrderDetailStore;
  let kept: LocalStorageUnsavedEdits;
  let navigator: FakeNavigator;
  let notifier: FakeNotifier;
  let edits: UnsavedEditsStore;

  beforeEach(async () => {
    localStorage.clear();
    api = new FakeOrdersApi(makeOrders(5));
    clock = new FakeClock();
    const persistence = new MobxStatePersistence(new SlicedStorage(localStorage, STATE_KEY));
    session = new ObservableSessionStore(clock, persistence);
    await session.restore();
    session.signIn(loginResult(clock.now()));
    notifier = new FakeNotifier();
    navigator = new FakeNavigator('/orders?status=new');
    detail = new OrderDetailStore(api, new OrdersListStore(api, new OrdersFilterStore(clock, persistence)), notifier);
    kept = new LocalStorageUnsavedEdits(localStorage);
    edits = new UnsavedEditsStore(session, detail, kept, clock, navigator, notifier);
    edits.start();
  });

  afterEach(() => {
    edits.dispose();
    session.dispose();
  });

  describe('while an order is edited', () => {
    beforeEach(() => detail.open('o-2'));

    it('keeps the changed fields only, for the signed-in user, with the version they were made on, at every change', () => {
      detail.edit('notes', 'Reifen einlagern');
      expect(kept.read(demoUser.id)).toEqual([
        { orderId: 'o-2', orderNumber: 'AN-2026-000002', baseVersion: 1, fields: { notes: 'Reifen einlagern' }, keptAt: clock.now() },
      ]);
      clock.time += 1000;
      detail.edit('station', 'Lübeck');
      expect(kept.read(demoUser.id)).toEqual([
        expect.objectContaining({ fields: { notes: 'Reifen einlagern', station: 'Lübeck' }, keptAt: clock.now() }),
      ]);
      expect(kept.read(demoAdmin.id)).toEqual([]);
    });

    it('removes them when saved, discarded, or edited back', async () => {
      detail.edit('notes', 'Reifen einlagern');
      await detail.save();
      expect(kept.read(demoUser.id)).toEqual([]);

      detail.edit('notes', 'Noch etwas');
      detail.discardChanges();
      expect(kept.read(demoUser.id)).toEqual([]);

      detail.edit('station', 'Lübeck');
      detail.edit('station', 'Kiel');
      expect(kept.read(demoUser.id)).toEqual([]);
    });

    it('keeps them when the session ends and the order is closed', () => {
      detail.edit('notes', 'Reifen einlagern');
      session.signOut();
      detail.close();
      expect(kept.read(demoUser.id)).toEqual([expect.objectContaining({ orderId: 'o-2', fields: { notes: 'Reifen einlagern' } })]);
    });
  });

  it('offers the user their own edits and deletes every other user’s from the browser', () => {
    kept.keep(demoUser.id, { orderId: 'o-1', orderNumber: 'AN-2026-000001', baseVersion: 1, fields: { notes: 'mine' }, keptAt: 1 });
    kept.keep(demoAdmin.id, { orderId: 'o-3', orderNumber: 'AN-2026-000003', baseVersion: 1, fields: { notes: 'theirs' }, keptAt: 2 });

    edits.offerTo(demoUser.id);

    expect(edits.offers.map((offer) => offer.fields)).toEqual([{ notes: 'mine' }]);
    expect(kept.read(demoAdmin.id)).toEqual([]);
    expect(localStorage.getItem('cockpit.unsavedEdits')).not.toContain('theirs');
  });

  describe('an edit offered back', () => {
    const offer = { orderId: 'o-2', orderNumber: 'AN-2026-000002', baseVersion: 1, fields: { notes: 'Reifen einlagern' }, keptAt: 5 };

    beforeEach(() => {
      kept.keep(demoUser.id, offer);
      edits.offerTo(demoUser.id);
    });

    it('is restored over the order as it is now, in the list’s view, and saved naming the version it was made on', async () => {
      await edits.restore(edits.offers[0]!);

      expect(navigator.navigations).toEqual(['/orders/o-2?status=new']);
      expect(detail.order?.id).toBe('o-2');
      expect(detail.draft?.notes).toBe('Reifen einlagern');
      expect(detail.conflict).toBeNull();
      expect(edits.offers).toEqual([]);
      expect(kept.read(demoUser.id)).toEqual([expect.objectContaining({ fields: { notes: 'Reifen einlagern' } })]);

      await detail.save();
      expect(api.updates).toEqual([{ id: 'o-2', version: 1, change: { notes: 'Reifen einlagern' } }]);
      expect(kept.read(demoUser.id)).toEqual([]);
    });

    it('stays kept while its order is opened from the list without restoring it', async () => {
      await detail.open('o-2');
      expect(kept.read(demoUser.id)).toEqual([offer]);
      expect(edits.offers).toEqual([offer]);
    });

    it('is a conflict when the order changed since, showing both sides, and stays kept until the operator decides', async () => {
      api.orders[1] = { ...api.orders[1]!, notes: 'Von Jonas', version: 2 };

      await edits.restore(edits.offers[0]!);

      expect(detail.conflict).toEqual({ theirs: expect.objectContaining({ notes: 'Von Jonas', version: 2 }), yours: { notes: 'Reifen einlagern' } });
      expect(kept.read(demoUser.id)).toEqual([offer]);

      detail.reapplyMine();
      expect(detail.draft?.notes).toBe('Reifen einlagern');
      expect(kept.read(demoUser.id)).toEqual([expect.objectContaining({ baseVersion: 2, fields: { notes: 'Reifen einlagern' } })]);
      await detail.save();
      expect(api.updates).toEqual([{ id: 'o-2', version: 2, change: { notes: 'Reifen einlagern' } }]);
    });

    it('is dropped when the operator takes the order as it is now', async () => {
      api.orders[1] = { ...api.orders[1]!, notes: 'Von Jonas', version: 2 };
      await edits.restore(edits.offers[0]!);
      detail.takeTheirs();
      expect(detail.draft?.notes).toBe('Von Jonas');
      expect(kept.read(demoUser.id)).toEqual([]);
    });

    it('says so and is dropped when its order no longer exists', async () => {
      api.orders.splice(1, 1);

      await edits.restore(edits.offers[0]!);

      expect(notifier.toasts).toEqual([{ message: 'unsavedEdits.orderGone', values: { number: 'AN-2026-000002' }, intent: 'warning' }]);
      expect(edits.offers).toEqual([]);
      expect(kept.read(demoUser.id)).toEqual([]);
    });

    it('is discarded for good', () => {
      edits.discard(edits.offers[0]!);
      expect(edits.offers).toEqual([]);
      expect(kept.read(demoUser.id)).toEqual([]);
    });

    it('is withdrawn at the session’s end but kept, and forgotten on request', () => {
      edits.withdraw();
      expect(edits.offers).toEqual([]);
      expect(kept.read(demoUser.id)).toEqual([offer]);
      edits.forget(demoUser.id);
      expect(kept.read(demoUser.id)).toEqual([]);
      expect(localStorage.getItem('cockpit.unsavedEdits')).toBeNull();
    });
  });
});
