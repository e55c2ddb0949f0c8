import { makeAutoObservable } from 'mobx';
import { MobxStatePersistence, STATE_KEY } from '../../../../src/infrastructure/persistence/MobxStatePersistence';
import { SlicedStorage } from '../../../../src/infrastructure/persistence/SlicedStorage';

/** A store with a plain value, an object and a list, as the console's stores keep them. */
class Kept {
  name = 'default';
  colors: Record<string, string> = {};
  told: string[] = [];
  unkept = 'never stored';

  constructor() {
    makeAutoObservable(this);
  }
}

const stored = () => JSON.parse(localStorage.getItem(STATE_KEY) ?? 'null') as Record<string, Record<string, unknown>> | null;

describe('MobxStatePersistence', () => {
  const writes = jest.spyOn(Storage.prototype, 'setItem');
  let persistence: MobxStatePersistence;

  beforeEach(() => {
    localStorage.clear();
    writes.mockClear();
    persistence = new MobxStatePersistence(new SlicedStorage(localStorage, STATE_KEY));
  });

  it('reads the slice back into the properties it names, then writes them as plain values whenever one changes', async () => {
    localStorage.setItem(STATE_KEY, JSON.stringify({ kept: { name: 'Dana', colors: { color1: '#0b3d91' }, unkept: 'stored elsewhere' }, other: { x: 1 } }));
    const store = new Kept();
    await persistence.persist(store, 'kept', ['name', 'colors', 'told']);
    expect(store.name).toBe('Dana');
    expect(store.colors).toEqual({ color1: '#0b3d91' });
    expect(store.told).toEqual([]);
    expect(store.unkept).toBe('never stored');

    store.told.push('u-1');
    expect(stored()).toEqual({ kept: { name: 'Dana', colors: { color1: '#0b3d91' }, told: ['u-1'] }, other: { x: 1 } });
    store.colors = { color1: '#1f6feb' };
    expect(stored()?.kept).toEqual({ name: 'Dana', colors: { color1: '#1f6feb' }, told: ['u-1'] });
  });

  it('writes nothing again for values equal to those written', async () => {
    const store = new Kept();
    await persistence.persist(store, 'kept', ['name', 'colors']);
    const written = writes.mock.calls.length;
    store.colors = {};
    store.name = 'default';
    expect(writes.mock.calls.length).toBe(written);
  });

  it('reads the slice again on reread (another tab wrote it), and forgets a target once disposed', async () => {
    const store = new Kept();
    const kept = await persistence.persist(store, 'kept', ['name']);
    const otherTab = new SlicedStorage(localStorage, STATE_KEY);
    otherTab.setItem('kept', { name: 'from the other tab' });
    await persistence.reread(store);
    expect(store.name).toBe('from the other tab');

    kept.dispose();
    store.name = 'changed after';
    expect(stored()?.kept).toEqual({ name: 'from the other tab' });
    otherTab.setItem('kept', { name: 'again' });
    await persistence.reread(store);
    expect(store.name).toBe('changed after');
  });

  it('keeps one writer per target: persisting it again replaces the first', async () => {
    const store = new Kept();
    await persistence.persist(store, 'first', ['name']);
    await persistence.persist(store, 'second', ['name']);
    store.name = 'once';
    expect(stored()).toEqual({ first: { name: 'default' }, second: { name: 'once' } });
  });

  it('tells when another tab wrote the state key, and only that key', async () => {
    const window = new EventTarget();
    const told = jest.fn();
    const listening = new MobxStatePersistence(new SlicedStorage(localStorage, STATE_KEY), window as unknown as Window);
    listening.onDidChangeElsewhere(told);
    window.dispatchEvent(Object.assign(new Event('storage'), { key: 'something.else' }));
    window.dispatchEvent(Object.assign(new Event('storage'), { key: STATE_KEY }));
    expect(told).toHaveBeenCalledTimes(1);
    listening.dispose();
    window.dispatchEvent(Object.assign(new Event('storage'), { key: STATE_KEY }));
    expect(told).toHaveBeenCalledTimes(1);
  });
});
