import { presetRange } from '../../../../src/domain/model/DayRange';
import { ApiError } from '../../../../src/domain/model/ApiError';
import { NO_ORDER_CRITERIA, type OrderCriteria } from '../../../../src/domain/model/orderQuery';
import { DEFAULT_VIEW } from '../../../../src/domain/model/orderView';
import type { SavedViewsApi } from '../../../../src/domain/ports/SavedViewsApi';
import { OrderColumnsStore } from '../../../../src/domain/stores/OrderColumnsStore';
import { OrdersFilterStore } from '../../../../src/domain/stores/OrdersFilterStore';
import { SavedViewsStore } from '../../../../src/domain/stores/SavedViewsStore';
import { MobxStatePersistence, STATE_KEY } from '../../../../src/infrastructure/persistence/MobxStatePersistence';
import { SlicedStorage } from '../../../../src/infrastructure/persistence/SlicedStorage';
import { DEFAULT_ORDER_COLUMNS } from '../../../../shared/OrderColumn';
import type { NewSavedView, SavedView, SavedViewChange } from '../../../../shared/SavedView';
import { FakeClock, FakeNotifier } from '../../support/fakes';

/** The backend's views of one user, with its refusals. */
class FakeSavedViewsApi implements SavedViewsApi {
  views: SavedView[] = [];
  failNext: ApiError | null = null;
  private next = 1;

  async list(): Promise<SavedView[]> {
    this.throwIfFailing();
    return this.views.map((view) => ({ ...view }));
  }

  async create(view: NewSavedView): Promise<SavedView> {
    this.throwIfFailing();
    if (this.views.some((other) => other.name.toLowerCase() === view.name.toLowerCase())) {
      throw new ApiError(409, { type: 'urn:order-cockpit:problem:conflict', title: 'Conflict', status: 409, errors: [{ field: 'name', message: 'Name taken (backend)' }] });
    }
    const saved = { ...view, id: `v${this.next++}`, createdAt: '2026-11-25T10:00:00.000Z', updatedAt: '2026-11-25T10:00:00.000Z' };
    this.views.push(saved);
    return { ...saved };
  }

  async change(id: string, change: SavedViewChange): Promise<SavedView> {
    this.throwIfFailing();
    const index = this.views.findIndex((view) => view.id === id);
    if (index < 0) throw new ApiError(404, { type: 'about:blank', title: 'Not Found', status: 404 });
    this.views[index] = { ...this.views[index]!, ...change };
    return { ...this.views[index]! };
  }

  async remove(id: string): Promise<void> {
    this.throwIfFailing();
    const before = this.views.length;
    this.views = this.views.filter((view) => view.id !== id);
    if (this.views.length === before) throw new ApiError(404, { type: 'about:blank', title: 'Not Found', status: 404 });
  }

  private throwIfFailing(): void {
    const failure = this.failNext;
    this.failNext = null;
    if (failure) throw failure;
  }
}

describe('SavedViewsStore', () => {
  const now = new Date(2026, 10, 25, 10);
  const criteria: OrderCriteria = { ...NO_ORDER_CRITERIA, status: ['confirmed'], stations: ['Kiel'], sort: { key: 'number', descending: false } };
  let api: FakeSavedViewsApi;
  let filter: OrdersFilterStore;
  let columns: OrderColumnsStore;
  let notifier: FakeNotifier;
  let views: SavedViewsStore;

  beforeEach(async () => {
    localStorage.clear();
    const persistence = new MobxStatePersistence(new SlicedStorage(localStorage, STATE_KEY));
    const clock = new FakeClock(now.getTime());
    filter = new OrdersFilterStore(clock, persistence);
    await filter.restore();
    columns = new OrderColumnsStore(persistence);
    api = new FakeSavedViewsApi();
    notifier = new FakeNotifier();
    views = new SavedViewsStore(api, filter, columns, clock, notifier);
  });

  afterEach(() => {
    filter.dispose();
    columns.dispose();
  });

  it('saves what the list shows under a name, and knows it as the view shown', async () => {
    columns.hide('vehicle');
    expect(views.shown(criteria)).toBeNull();
    expect(views.shown(NO_ORDER_CRITERIA)).toBeNull();
    expect(await views.save('  Kiel confirmed ', criteria)).toBeNull();
    expect(api.views).toEqual([
      expect.objectContaining({ name: 'Kiel confirmed', range: { preset: 'thisWeek' }, status: ['confirmed'], stations: ['Kiel'], sort: 'number', columns: DEFAULT_ORDER_COLUMNS.filter((c) => c !== 'vehicle') }),
    ]);
    expect(views.views.map((view) => view.name)).toEqual(['Kiel confirmed']);
    expect(views.shown(criteria)).toMatchObject({ name: 'Kiel confirmed' });
  });

  it('opens a view: its days and columns set, its criteria handed back for the URL', async () => {
    await views.save('Fixed days', criteria);
    filter.setRange({ begin: '2026-11-01', end: '2026-11-02' });
    await views.save('November', NO_ORDER_CRITERIA);
    const november = views.views.find((view) => view.name === 'November')!;
    columns.hide('price');
    filter.applyPreset('today');

    expect(views.apply(november)).toEqual(NO_ORDER_CRITERIA);
    expect(filter.range).toEqual({ begin: '2026-11-01', end: '2026-11-02' });
    expect(columns.columns).toEqual(DEFAULT_ORDER_COLUMNS);
    expect(views.apply(DEFAULT_VIEW)).toEqual(NO_ORDER_CRITERIA);
    expect(filter.range).toEqual(presetRange('thisWeek', now));
    expect(views.shown(NO_ORDER_CRITERIA)).toBe('default');
  });

  it('checks a name as typed: required, at most 80 characters, each name once whatever its case', async () => {
    await views.save('Morning', criteria);
    const id = views.views[0]!.id;
    expect(views.nameProblem('  ')).toBe('nameRequired');
    expect(views.nameProblem('x'.repeat(81))).toBe('nameTooLong');
    expect(views.nameProblem('x'.repeat(80))).toBeNull();
    expect(views.nameProblem(' morning')).toBe('nameTaken');
    expect(views.nameProblem('MORNING', id)).toBeNull();
  });

  it('shows the backend\'s refusal of a name at the name, and keeps the list as it was', async () => {
    api.views.push({ ...DEFAULT_VIEW, id: 'elsewhere', name: 'Evening', createdAt: '', updatedAt: '' });
    const failure = await views.save('Evening', criteria);
    expect(failure).toEqual({ fieldErrors: { name: 'Name taken (backend)' }, errorKey: null });
    expect(views.views).toEqual([]);
    expect(views.busy).toBe(false);
  });

  it('renames, saves the current list into a view, and keeps the views in name order', async () => {
    await views.save('b', criteria);
    await views.save('C', criteria);
    const c = views.views.find((view) => view.name === 'C')!;
    expect(await views.rename(c.id, 'a')).toBeNull();
    expect(views.views.map((view) => view.name)).toEqual(['a', 'b']);
    expect(await views.redefine(c.id, NO_ORDER_CRITERIA)).toBe(true);
    expect(api.views.find((view) => view.id === c.id)).toMatchObject({ name: 'a', status: [], stations: [], sort: 'begin' });
    expect(views.shown(NO_ORDER_CRITERIA)).toBe('default');
  });

  it('deletes a view, also one deleted elsewhere already; a failure is told and keeps it', async () => {
    await views.save('one', criteria);
    await views.save('two', criteria);
    const [one, two] = views.views;
    api.failNext = new ApiError(0, undefined, 'network');
    expect(await views.remove(one!.id)).toBe(false);
    expect(views.views).toHaveLength(2);
    expect(notifier.toasts).toEqual([expect.objectContaining({ title: 'views.changeFailed', message: 'errors.network', intent: 'danger' })]);
    expect(await views.remove(one!.id)).toBe(true);
    api.views = [];
    expect(await views.remove(two!.id)).toBe(true);
    expect(views.views).toEqual([]);
  });

  it('reads the views, in name order; a failed first read says so, a later one keeps what was read', async () => {
    api.failNext = new ApiError(0, undefined, 'network');
    await views.load();
    expect(views.state).toBe('error');
    api.views.push({ ...DEFAULT_VIEW, id: '2', name: 'zeta', createdAt: '', updatedAt: '' }, { ...DEFAULT_VIEW, id: '1', name: 'Alpha', createdAt: '', updatedAt: '' });
    await views.load();
    expect(views.views.map((view) => view.name)).toEqual(['Alpha', 'zeta']);
    api.failNext = new ApiError(0, undefined, 'network');
    await views.load();
    expect(views.state).toBe('ready');
    expect(views.views).toHaveLength(2);
  });
});
