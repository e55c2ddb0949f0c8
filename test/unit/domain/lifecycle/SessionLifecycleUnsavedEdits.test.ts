import { OrdersPageStart } from '../../../../src/app/modules/ordersPageModule';
import { SESSION_HANDOFF_MS } from '../../../../src/domain/lifecycle/tokenReplaced';
import { SessionLifecycle } from '../../../../src/domain/lifecycle/SessionLifecycle';
import { OrdersApi } from '../../../../src/domain/ports/OrdersApi';
import { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { UnsavedEdits } from '../../../../src/domain/ports/UnsavedEdits';
import { UnsavedNewOrders } from '../../../../src/domain/ports/UnsavedNewOrders';
import { AuthStore } from '../../../../src/domain/stores/AuthStore';
import { OrderDetailStore } from '../../../../src/domain/stores/OrderDetailStore';
import { UnsavedEditsStore } from '../../../../src/domain/stores/UnsavedEditsStore';
import { NewOrderStore } from '../../../../src/domain/stores/NewOrderStore';
import { UnsavedNewOrderStore } from '../../../../src/domain/stores/UnsavedNewOrderStore';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { demoAdmin, demoUser, loginResult } from '../../support/demoUser';
import { FakeOrdersApi, makeOrders } from '../../support/FakeOrdersApi';

/** The session lifecycle and the unsaved edits: kept through an involuntary end, offered to their user only. */
describe('SessionLifecycle and unsaved edits', () => {
  /** The stream refuses the session's token; its end follows once no other tab has handed over a renewed one. */
  const refused = async () => {
    bed.events.refuse(session.token);
    await new Promise((resolve) => setTimeout(resolve, 0));
    bed.timers.advance(SESSION_HANDOFF_MS);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  let bed: TestBed;
  let session: SessionStore;
  let lifecycle: SessionLifecycle;
  let detail: OrderDetailStore;
  let edits: UnsavedEditsStore;
  let kept: UnsavedEdits;

  const start = async (testBed: TestBed) => {
    bed = testBed;
    bed.container.rebind(OrdersApi).toConstantValue(new FakeOrdersApi(makeOrders(3)));
    session = bed.container.get<SessionStore>(SessionStore);
    await session.restore();
    detail = bed.container.get(OrderDetailStore);
    edits = bed.container.get(UnsavedEditsStore);
    kept = bed.container.get<UnsavedEdits>(UnsavedEdits);
    edits.start();
    // The orders page's chunk arrived: its work follows the session.
    bed.container.get(OrdersPageStart);
    lifecycle = bed.container.get(SessionLifecycle);
    lifecycle.start();
  };

  /** Signed in as the demo operator, editing the notes of order o-2. */
  const editing = async () => {
    session.signIn(loginResult(bed.clock.now()));
    await detail.open('o-2');
    detail.edit('notes', 'Reifen einlagern');
  };

  beforeEach(async () => {
    localStorage.clear();
    await start(createTestContainer());
  });

  afterEach(() => {
    lifecycle.dispose();
    edits.dispose();
    session.dispose();
  });

  it('keeps an edit through a session refused with a 401, closes the order, and offers the edit when the same user signs in again', async () => {
    await editing();

    await refused();

    expect(session.isSignedIn).toBe(false);
    expect(detail.order).toBeNull();
    expect(detail.draft).toBeNull();
    expect(edits.offers).toEqual([]);
    expect(kept.read(demoUser.id)).toEqual([expect.objectContaining({ orderId: 'o-2', fields: { notes: 'Reifen einlagern' } })]);

    session.signIn(loginResult(bed.clock.now()));
    expect(edits.offers).toEqual([expect.objectContaining({ orderId: 'o-2', orderNumber: 'AN-2026-000002', baseVersion: 1, fields: { notes: 'Reifen einlagern' } })]);
  });

  it('closes the new order being entered when the session ends, keeps what was typed, and offers it to the same user only', async () => {
    const keeping = bed.container.get(UnsavedNewOrderStore);
    keeping.start();
    const dialog = bed.container.get(NewOrderStore);
    session.signIn(loginResult(bed.clock.now()));
    dialog.open();
    dialog.edit('customer.name', 'Greta Lindholm');

    await refused();
    expect(dialog.isOpen).toBe(false);

    session.signIn(loginResult(bed.clock.now()));
    expect(keeping.offer?.fields).toEqual({ 'customer.name': 'Greta Lindholm' });
    await refused();
    session.signIn(loginResult(bed.clock.now(), demoAdmin));
    expect(keeping.offer).toBeNull();
    expect(localStorage.getItem('cockpit.unsavedNewOrders')).toBeNull();
    keeping.dispose();
  });

  it('offers nothing to another user signing in on the browser, and deletes the first user’s edits then', async () => {
    await editing();
    await refused();

    session.signIn(loginResult(bed.clock.now(), demoAdmin));

    expect(edits.offers).toEqual([]);
    expect(kept.read(demoUser.id)).toEqual([]);
    expect(localStorage.getItem('cockpit.unsavedEdits')).toBeNull();
  });

  it('closes the order of one user when another takes the session straight away', async () => {
    await editing();
    session.signIn(loginResult(bed.clock.now(), demoAdmin));
    expect(detail.order).toBeNull();
    expect(kept.read(demoUser.id)).toEqual([]);
  });

  it('deletes the user’s edits at a deliberate logout', async () => {
    bed.backend.on('POST /auth/logout', { status: 204 });
    await editing();

    await bed.container.get(AuthStore).logout();

    expect(session.isSignedIn).toBe(false);
    expect(kept.read(demoUser.id)).toEqual([]);
    session.signIn(loginResult(bed.clock.now()));
    expect(edits.offers).toEqual([]);
  });

  it('offers a user’s edits at a start with their stored session (a closed tab)', async () => {
    await editing();
    lifecycle.dispose();
    edits.dispose();
    session.dispose();

    await start(createTestContainer());

    expect(session.user?.id).toBe(demoUser.id);
    expect(edits.offers).toEqual([expect.objectContaining({ orderId: 'o-2', fields: { notes: 'Reifen einlagern' } })]);
  });
});

/** The session lifecycle before the orders page's chunk has come (a start on the login or settings page). */
describe('SessionLifecycle and what is kept, before the orders page has come', () => {
  let bed: TestBed;
  let session: SessionStore;
  let lifecycle: SessionLifecycle;
  let kept: UnsavedEdits;
  let keptNew: UnsavedNewOrders;
  const edit = { orderId: 'o-2', orderNumber: 'AN-2026-000002', baseVersion: 1, fields: { notes: 'Reifen einlagern' }, keptAt: 0 };

  beforeEach(async () => {
    localStorage.clear();
    bed = createTestContainer();
    session = bed.container.get<SessionStore>(SessionStore);
    await session.restore();
    kept = bed.container.get<UnsavedEdits>(UnsavedEdits);
    keptNew = bed.container.get<UnsavedNewOrders>(UnsavedNewOrders);
    kept.keep(demoUser.id, edit);
    keptNew.keep(demoUser.id, { fields: { 'customer.name': 'Greta Lindholm' }, clonedFrom: null, keptAt: 0 });
    lifecycle = bed.container.get(SessionLifecycle);
    lifecycle.start();
  });

  afterEach(() => {
    lifecycle.dispose();
    session.dispose();
  });

  it('deletes another user\'s kept edit and new order when a user signs in, though no orders page showed', () => {
    session.signIn(loginResult(bed.clock.now(), demoAdmin));
    expect(kept.read(demoUser.id)).toEqual([]);
    expect(keptNew.read(demoUser.id)).toBeNull();
  });

  it('deletes the user\'s own at a deliberate logout, though no orders page showed', async () => {
    bed.backend.on('POST /auth/logout', { status: 204 });
    session.signIn(loginResult(bed.clock.now()));
    expect(kept.read(demoUser.id)).toHaveLength(1);
    await bed.container.get(AuthStore).logout();
    expect(kept.read(demoUser.id)).toEqual([]);
    expect(keptNew.read(demoUser.id)).toBeNull();
  });

  it('offers the signed-in user their kept edit and new order when the orders page comes', () => {
    session.signIn(loginResult(bed.clock.now()));
    bed.container.get(OrdersPageStart);
    expect(bed.container.get(UnsavedEditsStore).offers).toEqual([expect.objectContaining({ orderId: 'o-2' })]);
    expect(bed.container.get(UnsavedNewOrderStore).offer).toEqual(expect.objectContaining({ fields: { 'customer.name': 'Greta Lindholm' } }));
  });
});
