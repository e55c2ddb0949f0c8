import type { PresenceField } from '../../../../shared/OrderPresence';
import type { PresenceApi } from '../../../../src/domain/ports/PresenceApi';
import { ObservableSessionStore } from '../../../../src/domain/stores/ObservableSessionStore';
import { OrderPresenceStore, PRESENCE_RENEW_MS } from '../../../../src/domain/stores/OrderPresenceStore';
import { MobxStatePersistence, STATE_KEY } from '../../../../src/infrastructure/persistence/MobxStatePersistence';
import { SlicedStorage } from '../../../../src/infrastructure/persistence/SlicedStorage';
import { demoAdmin, demoUser, loginResult } from '../../support/demoUser';
import { FakeClock } from '../../support/fakes';
import { FakeEventStream, FakeTimers } from '../../support/liveFakes';

/** The calls the store makes, as `announce <order> <field>` and `leave <order>`. */
class RecordingPresenceApi implements PresenceApi {
  readonly calls: string[] = [];
  fail = false;

  announce(orderId: string, editing: PresenceField | null): Promise<void> {
    this.calls.push(`announce ${orderId} ${editing ?? '-'}`);
    return this.fail ? Promise.reject(new Error('offline')) : Promise.resolve();
  }

  leave(orderId: string): Promise<void> {
    this.calls.push(`leave ${orderId}`);
    return Promise.resolve();
  }
}

/** Lets the requests queued behind others go out. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('OrderPresenceStore', () => {
  let api: RecordingPresenceApi;
  let events: FakeEventStream;
  let timers: FakeTimers;
  let session: ObservableSessionStore;
  let store: OrderPresenceStore;

  beforeEach(async () => {
    localStorage.clear();
    const clock = new FakeClock();
    session = new ObservableSessionStore(clock, new MobxStatePersistence(new SlicedStorage(localStorage, STATE_KEY)));
    await session.restore();
    session.signIn(loginResult(clock.now()));
    api = new RecordingPresenceApi();
    events = new FakeEventStream();
    events.setState('live');
    timers = new FakeTimers();
    store = new OrderPresenceStore(api, events, session, timers);
  });

  afterEach(() => {
    store.dispose();
    session.dispose();
  });

  it('announces the open order at once and every 5 s, and leaves it when closed', async () => {
    store.open('o-1');
    expect(api.calls).toEqual(['announce o-1 -']);
    await settle();
    timers.advance(PRESENCE_RENEW_MS - 1);
    expect(api.calls).toHaveLength(1);
    timers.advance(1);
    await settle();
    timers.advance(PRESENCE_RENEW_MS);
    await settle();
    expect(api.calls).toEqual(['announce o-1 -', 'announce o-1 -', 'announce o-1 -']);
    store.close();
    timers.advance(PRESENCE_RENEW_MS * 3);
    await settle();
    expect(api.calls).toEqual(['announce o-1 -', 'announce o-1 -', 'announce o-1 -', 'leave o-1']);
  });

  it('tells a change of the edited field at once, once, and renews 5 s after it', async () => {
    store.open('o-1');
    await settle();
    timers.advance(3000);
    store.edit('notes');
    store.edit('notes');
    await settle();
    expect(api.calls).toEqual(['announce o-1 -', 'announce o-1 notes']);
    timers.advance(PRESENCE_RENEW_MS - 1);
    expect(api.calls).toHaveLength(2);
    timers.advance(1);
    await settle();
    expect(api.calls[2]).toBe('announce o-1 notes');
    store.edit(null);
    await settle();
    expect(api.calls[3]).toBe('announce o-1 -');
  });

  it('leaves the order it had open when another one opens, in order, and keeps renewing after a failed announcement', async () => {
    api.fail = true;
    store.open('o-1');
    store.open('o-2');
    // The leave waits for the announcement before it: it never overtakes it.
    expect(api.calls).toEqual(['announce o-1 -']);
    await settle();
    expect(api.calls).toEqual(['announce o-1 -', 'leave o-1', 'announce o-2 -']);
    timers.advance(PRESENCE_RENEW_MS);
    await settle();
    expect(api.calls[3]).toBe('announce o-2 -');
  });

  it('announces again at once with a renewed token (the backend ended the old token\'s presence)', async () => {
    store.open('o-1');
    await settle();
    timers.advance(2000);
    session.signIn(loginResult(Date.now() + 60_000));
    await settle();
    expect(api.calls).toEqual(['announce o-1 -', 'announce o-1 -']);
    timers.advance(PRESENCE_RENEW_MS - 1);
    expect(api.calls).toHaveLength(2);
  });

  it('stops announcing when the session ends', () => {
    store.open('o-1');
    session.signOut();
    timers.advance(PRESENCE_RENEW_MS * 2);
    expect(api.calls).toEqual(['announce o-1 -']);
    expect(store.orderId).toBeNull();
  });

  it('shows the others on the open order from the presence events, without the signed-in user', () => {
    store.open('o-1');
    const anna = { userId: demoAdmin.id, name: demoAdmin.name, editing: 'notes' };
    events.emit('presence', { orderId: 'o-1', present: [anna, { userId: demoUser.id, name: demoUser.name, editing: null }] });
    events.emit('presence', { orderId: 'o-2', present: [{ ...anna, editing: null }] });
    expect(store.others).toEqual([anna]);
    events.emit('presence', { orderId: 'o-1', present: [{ ...anna, editing: 'begin' }] });
    expect(store.others).toEqual([{ ...anna, editing: 'begin' }]);
    // Malformed people are left out, not shown.
    events.emit('presence', { orderId: 'o-1', present: [anna, { userId: 'x', name: 'X', editing: 'price' }] });
    expect(store.others).toEqual([anna]);
    events.emit('presence', { orderId: 'o-1', present: [] });
    expect(store.others).toEqual([]);
    store.open('o-2');
    expect(store.others).toEqual([{ ...anna, editing: null }]);
  });

  it('forgets what it was told when the stream is not live (a connection that opens tells it again)', () => {
    store.open('o-1');
    events.emit('presence', { orderId: 'o-1', present: [{ userId: demoAdmin.id, name: demoAdmin.name, editing: null }] });
    expect(store.others).toHaveLength(1);
    events.setState('reconnecting');
    expect(store.others).toEqual([]);
  });
});
