import { makeAutoObservable, runInAction } from 'mobx';
import { weekOf } from '../../../../src/domain/model/DayRange';
import { ObservableSessionStore } from '../../../../src/domain/stores/ObservableSessionStore';
import { OrdersFilterStore } from '../../../../src/domain/stores/OrdersFilterStore';
import { MobxStatePersistence, STATE_KEY } from '../../../../src/infrastructure/persistence/MobxStatePersistence';
import { SlicedStorage } from '../../../../src/infrastructure/persistence/SlicedStorage';
import { demoUser } from '../../support/demoUser';
import { FakeClock } from '../../support/fakes';

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

/** Saturday 21 November 2026, 10:00 in Berlin. */
const clock = new FakeClock(Date.parse('2026-11-21T09:00:00Z'));

/**
 * `cockpit.state` as the console kept it before it went back to mobx-persist-store, character for
 * character: each slice the store's values, nothing else. The token expires at 17:00 UTC that day.
 */
const KEPT_BEFORE =
  '{"auth":{"token":"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1LTEiLCJleHAiOjE3OTUyODA0MDB9.signature",' +
  '"language":"en","colorScheme":"dark","colors":{"color1":"#0b3d91","color2":"#1f6feb","color3":"#c2410c"},' +
  '"user":{"id":"u-1","email":"disponent@autohaus-nord.example","name":"Dana Disponent","language":"de","colorScheme":"system",' +
  '"role":"operator","tenant":{"id":"t-1","name":"Autohaus Nord"},"theme":{"color1":"#0b3d91","color2":"#1f6feb","color3":"#c2410c"}}},' +
  '"orders":{"filter":{"begin":"2026-12-01","end":"2026-12-24"}},' +
  '"orderColumns":{"columns":["number","status","price"],"chosen":true}}';

describe('MobxStatePersistence', () => {
  const disposables: { dispose(): void }[] = [];
  const persistence = () => {
    const made = new MobxStatePersistence(new SlicedStorage(localStorage, STATE_KEY));
    disposables.push(made);
    return made;
  };

  beforeEach(() => localStorage.clear());
  afterEach(() => {
    disposables.splice(0).forEach((disposable) => disposable.dispose());
    jest.restoreAllMocks();
  });

  it('keeps each store as a slice of plain values under the one key, beside the others, and reads it back after a reload', async () => {
    localStorage.setItem(STATE_KEY, JSON.stringify({ kept: { name: 'Dana', colors: { color1: '#0b3d91' }, unkept: 'stored elsewhere' }, other: { x: 1 } }));
    const store = new Kept();
    await persistence().persist(store, 'kept', ['name', 'colors', 'told']);
    expect(store.name).toBe('Dana');
    expect(store.colors).toEqual({ color1: '#0b3d91' });
    expect(store.told).toEqual([]);
    expect(store.unkept).toBe('never stored');

    runInAction(() => store.told.push('u-1'));
    expect(stored()).toEqual({ kept: { name: 'Dana', colors: { color1: '#0b3d91' }, told: ['u-1'] }, other: { x: 1 } });
    runInAction(() => (store.colors = { color1: '#1f6feb' }));
    expect(stored()?.['kept']).toEqual({ name: 'Dana', colors: { color1: '#1f6feb' }, told: ['u-1'] });

    const second = new Kept();
    await persistence().persist(second, 'second', ['name']);
    runInAction(() => (second.name = 'Jonas'));
    expect(stored()).toEqual({ kept: { name: 'Dana', colors: { color1: '#1f6feb' }, told: ['u-1'] }, other: { x: 1 }, second: { name: 'Jonas' } });

    const reloaded = new Kept();
    await persistence().persist(reloaded, 'kept', ['name', 'colors', 'told']);
    expect({ name: reloaded.name, colors: reloaded.colors, told: reloaded.told }).toEqual({ name: 'Dana', colors: { color1: '#1f6feb' }, told: ['u-1'] });
  });

  it('reads a document kept before as it is, so a session kept then is still signed in, and writes it back unchanged', async () => {
    localStorage.setItem(STATE_KEY, KEPT_BEFORE);
    const session = new ObservableSessionStore(clock, persistence());
    await session.restore();
    expect(session.isSignedIn).toBe(true);
    expect(session.token).toBe('eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1LTEiLCJleHAiOjE3OTUyODA0MDB9.signature');
    expect(session.language).toBe('en');
    expect(session.colorScheme).toBe('dark');
    expect(session.colors).toEqual(demoUser.theme);
    expect(session.user).toEqual(demoUser);

    const filter = new OrdersFilterStore(clock, persistence());
    await filter.restore();
    expect(filter.range).toEqual({ begin: '2026-12-01', end: '2026-12-24' });
    expect(localStorage.getItem(STATE_KEY)).toBe(KEPT_BEFORE);

    session.setLanguage('de');
    expect(stored()).toEqual({ ...JSON.parse(KEPT_BEFORE), auth: { ...JSON.parse(KEPT_BEFORE).auth, language: 'de' } });
  });

  it('gives the orders filter its days back as days when both are kept, and no range from one of them', async () => {
    localStorage.setItem(STATE_KEY, JSON.stringify({ orders: { filter: { begin: '2026-12-01', end: '2026-12-24' } } }));
    const filter = new OrdersFilterStore(clock, persistence());
    await filter.restore();
    expect(filter.range).toEqual({ begin: '2026-12-01', end: '2026-12-24' });
    filter.setRange({ begin: '2026-11-02', end: '2026-11-08' });
    expect(stored()).toEqual({ orders: { filter: { begin: '2026-11-02', end: '2026-11-08' } } });
    filter.dispose();

    for (const half of [{ begin: '2026-12-01' }, { end: '2026-12-24' }]) {
      localStorage.setItem(STATE_KEY, JSON.stringify({ orders: { filter: half } }));
      const restored = new OrdersFilterStore(clock, persistence());
      await restored.restore();
      expect(restored.range).toEqual(weekOf(new Date(clock.now())));
      expect(stored()).toEqual({ orders: { filter: weekOf(new Date(clock.now())) } });
      restored.dispose();
    }
  });

  it('reads the slice again when another tab wrote the key, and forgets a target once disposed', async () => {
    const window = new EventTarget();
    const listening = new MobxStatePersistence(new SlicedStorage(localStorage, STATE_KEY), window as unknown as Window);
    disposables.push(listening);
    const store = new Kept();
    const kept = await listening.persist(store, 'kept', ['name']);
    let rereading: Promise<void> | null = null;
    listening.onDidChangeElsewhere(() => (rereading = listening.reread(store)));

    new SlicedStorage(localStorage, STATE_KEY).setItem('kept', { name: 'from the other tab' });
    window.dispatchEvent(Object.assign(new Event('storage'), { key: STATE_KEY }));
    await rereading;
    expect(store.name).toBe('from the other tab');
    runInAction(() => (store.name = 'changed here'));
    expect(stored()?.['kept']).toEqual({ name: 'changed here' });

    kept.dispose();
    runInAction(() => (store.name = 'changed after'));
    expect(stored()?.['kept']).toEqual({ name: 'changed here' });
    new SlicedStorage(localStorage, STATE_KEY).setItem('kept', { name: 'again' });
    await listening.reread(store);
    expect(store.name).toBe('changed after');
  });

  it('writes nothing back when it reads a slice again: a tab whose copy of the storage is behind leaves another tab\'s write as it is', async () => {
    // The browser hands a tab's write to the other tabs a moment later: until then they read what was there before.
    let behind: string | null = null;
    const thisTabsCopy = {
      getItem: (key: string) => behind ?? localStorage.getItem(key),
      setItem: (key: string, value: string) => localStorage.setItem(key, value),
      removeItem: (key: string) => localStorage.removeItem(key),
    } as Storage;
    const thisTab = new MobxStatePersistence(new SlicedStorage(thisTabsCopy, STATE_KEY));
    disposables.push(thisTab);
    const store = new Kept();
    await thisTab.persist(store, 'kept', ['name']);
    runInAction(() => (store.name = 'first token'));
    behind = localStorage.getItem(STATE_KEY);
    // Another tab renews: its write is in the storage, not yet in this tab's copy.
    new SlicedStorage(localStorage, STATE_KEY).setItem('kept', { name: 'renewed token' });

    await thisTab.reread(store);
    expect(store.name).toBe('first token');
    expect(stored()?.['kept']).toEqual({ name: 'renewed token' });
    // What this tab changes itself is still written.
    runInAction(() => (store.name = 'changed here'));
    expect(stored()?.['kept']).toEqual({ name: 'changed here' });
  });

  it('tells when another tab wrote the state key, and only that key, until disposed', () => {
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

  it('stops writing every slice once disposed', async () => {
    const disposed = persistence();
    const store = new Kept();
    await disposed.persist(store, 'kept', ['name']);
    disposed.dispose();
    runInAction(() => (store.name = 'after'));
    expect(stored()).toEqual({ kept: { name: 'default' } });
  });

  it('keeps one slice per target: persisting it again replaces the first, whose disposal then changes nothing', async () => {
    const store = new Kept();
    const first = await persistence().persist(store, 'first', ['name']);
    const again = persistence();
    await again.persist(store, 'second', ['name']);
    runInAction(() => (store.name = 'once'));
    expect(stored()).toEqual({ first: { name: 'default' }, second: { name: 'once' } });

    first.dispose();
    runInAction(() => (store.name = 'twice'));
    expect(stored()).toEqual({ first: { name: 'default' }, second: { name: 'twice' } });
    new SlicedStorage(localStorage, STATE_KEY).setItem('second', { name: 'from the other tab' });
    await again.reread(store);
    expect(store.name).toBe('from the other tab');
  });

  it('lets two stores keep one slice at once without a word from the library, as a production build does', async () => {
    const printed = ['warn', 'info', 'log', 'debug'].map((method) => jest.spyOn(console, method as 'warn'));
    const [one, two] = [new Kept(), new Kept()];
    await persistence().persist(one, 'kept', ['name']);
    await persistence().persist(two, 'kept', ['told']);
    runInAction(() => (one.name = 'one'));
    expect(stored()?.['kept']).toEqual({ name: 'one' });
    runInAction(() => two.told.push('two'));
    expect(stored()?.['kept']).toEqual({ told: ['two'] });
    runInAction(() => (one.name = 'one again'));
    expect(stored()?.['kept']).toEqual({ name: 'one again' });
    for (const method of printed) {
      expect(method).not.toHaveBeenCalled();
    }
  });

  it('loses only persistence when the storage refuses to read and write (quota, private mode)', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const refusing: Storage = {
      length: 0,
      key: () => null,
      clear: () => undefined,
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const refused = new MobxStatePersistence(new SlicedStorage(refusing, STATE_KEY));
    disposables.push(refused);
    const session = new ObservableSessionStore(clock, refused);
    await session.restore();
    expect(session.isSignedIn).toBe(false);
    session.setLanguage('en');
    expect(session.language).toBe('en');
    await session.reread();
    expect(session.language).toBe('en');
    expect(warn).toHaveBeenCalledWith('The console state could not be saved', expect.any(DOMException));
  });
});
