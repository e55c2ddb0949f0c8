import { observable, runInAction } from 'mobx';
import type { OrderHistoryEntry } from '../../../../shared/OrderHistory';
import { OrderHistoryStore } from '../../../../src/domain/stores/OrderHistoryStore';
import { FakeOrdersApi, makeOrders } from '../../support/FakeOrdersApi';

const entry = (id: number, to: string): OrderHistoryEntry => ({
  id: String(id),
  kind: id === 1 ? 'created' : 'changed',
  at: new Date(Date.UTC(2026, 10, 16, 8, id)).toISOString(),
  by: { type: 'user', id: 'u-1', name: 'Dana Brandt' },
  changes: id === 1 ? [] : [{ field: 'notes', from: '', to }],
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('OrderHistoryStore', () => {
  let api: FakeOrdersApi;
  let store: OrderHistoryStore;
  const open = observable.box<{ id: string; version: number } | null>(null, { deep: false });
  const source = { get order() { return open.get(); } };

  beforeEach(() => {
    api = new FakeOrdersApi(makeOrders(2));
    api.histories.set('o-1', [entry(3, 'zwei'), entry(2, 'eins'), entry(1, '')]);
    store = new OrderHistoryStore(api);
    runInAction(() => open.set(null));
  });

  it('loads the history of the order that opens, and the older entries on request', async () => {
    const following = store.follow(source);
    runInAction(() => open.set({ id: 'o-1', version: 3 }));
    await settle();
    expect(store.entries.map((e) => e.id)).toEqual(['3', '2']);
    expect(store.nextCursor).toBe('2');
    await store.loadMore();
    expect(store.entries.map((e) => e.id)).toEqual(['3', '2', '1']);
    expect(store.nextCursor).toBeNull();
    following.dispose();
  });

  it('grows with each new version of the open order, newest on top, keeping the older pages', async () => {
    const following = store.follow(source);
    runInAction(() => open.set({ id: 'o-1', version: 3 }));
    await settle();
    await store.loadMore();
    api.histories.set('o-1', [entry(4, 'drei'), entry(3, 'zwei'), entry(2, 'eins'), entry(1, '')]);
    runInAction(() => open.set({ id: 'o-1', version: 4 }));
    await settle();
    expect(store.entries.map((e) => e.id)).toEqual(['4', '3', '2', '1']);
    expect(api.historyReads.filter((read) => read.cursor === undefined)).toHaveLength(2);
    following.dispose();
  });

  it('forgets the history when the order closes, and reads none after being disposed', async () => {
    const following = store.follow(source);
    runInAction(() => open.set({ id: 'o-1', version: 3 }));
    await settle();
    runInAction(() => open.set(null));
    expect([store.orderId, store.entries]).toEqual([null, []]);
    following.dispose();
    runInAction(() => open.set({ id: 'o-2', version: 1 }));
    await settle();
    expect(api.historyReads.map((read) => read.id)).toEqual(['o-1']);
  });

  it('says when the history cannot be read, and reads it again with the next version', async () => {
    const following = store.follow(source);
    api.failNext = new (await import('../../../../src/domain/model/ApiError')).ApiError(0);
    runInAction(() => open.set({ id: 'o-1', version: 3 }));
    await settle();
    expect([store.state, store.errorKey]).toEqual(['error', 'errors.network']);
    runInAction(() => open.set({ id: 'o-1', version: 4 }));
    await settle();
    expect(store.state).toBe('ready');
    following.dispose();
  });
});
