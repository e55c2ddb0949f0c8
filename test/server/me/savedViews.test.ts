import type { RunningServer } from '../../../server/startServer';
import type { FieldError } from '../../../shared/Problem';
import type { NewSavedView, OrderViewDefinition, SavedView } from '../../../shared/SavedView';
import { MAX_VIEWS_PER_USER } from '../../../shared/savedViewRules';
import {
  BRITISH_EMAIL,
  BRITISH_VIEWER_EMAIL,
  call,
  expectProblem,
  GERMAN_ADMIN_EMAIL,
  GERMAN_EMAIL,
  login,
  STARTUP_TIMEOUT_MS,
  startTestServer,
} from '../support/testServer';
import { VIEW_DEFINITION } from '../support/viewFixtures';

// Some tests send fifty requests and more, one after the other; a machine busy with other tests slows each.
jest.setTimeout(30_000);

/** An id no view has. */
const NO_VIEW = '00000000-0000-4000-8000-000000000000';
const WRITTEN_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('/api/me/views: the saved views of the orders list, per user', () => {
  let server: RunningServer;
  /** The German tenant's operator, whose views most tests make. */
  let operator: string;
  /** The German tenant's admin: the same tenant, another user. */
  let colleague: string;
  /** The British tenant's operator. */
  let stranger: string;
  /** The British tenant's viewer: views are every role's. */
  let viewer: string;
  let serial = 0;

  beforeAll(async () => {
    server = await startTestServer({ seedOrders: 5 });
    const tokenOf = async (email: string) => (await login(server, email)).token;
    operator = await tokenOf(GERMAN_EMAIL);
    colleague = await tokenOf(GERMAN_ADMIN_EMAIL);
    stranger = await tokenOf(BRITISH_EMAIL);
    viewer = await tokenOf(BRITISH_VIEWER_EMAIL);
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => server?.close());

  const list = async (token = operator): Promise<SavedView[]> => {
    const response = await call(server, '/api/me/views', { token });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return ((await response.json()) as { items: SavedView[] }).items;
  };
  const create = (body: unknown, token = operator, locale: 'de' | 'en' = 'en') => call(server, '/api/me/views', { token, body, locale });
  const patch = (id: string, body: unknown, token = operator, locale: 'de' | 'en' = 'en') =>
    call(server, `/api/me/views/${id}`, { method: 'PATCH', token, body, locale });
  const remove = (id: string, token = operator) => call(server, `/api/me/views/${id}`, { method: 'DELETE', token, locale: 'en' });

  /** A view of a name no test used yet. */
  const uniqueName = (prefix: string) => `${prefix} ${(serial += 1)}`;

  async function created(body: NewSavedView, token = operator): Promise<SavedView> {
    const response = await create(body, token);
    expect(response.status).toBe(201);
    return (await response.json()) as SavedView;
  }

  it('creates a view (201, Location, the name trimmed), lists it, renames it, redefines it and deletes it', async () => {
    const response = await create({ name: '  Woche Kiel  ', ...VIEW_DEFINITION });
    expect(response.status).toBe(201);
    const view = (await response.json()) as SavedView;
    expect(response.headers.get('location')).toBe(`/api/me/views/${view.id}`);
    expect(view).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Woche Kiel',
      ...VIEW_DEFINITION,
      createdAt: expect.stringMatching(WRITTEN_INSTANT),
      updatedAt: view.createdAt,
    });
    expect(await list()).toContainEqual(view);

    const renamed = await patch(view.id, { name: 'Kiel diese Woche' });
    expect(renamed.status).toBe(200);
    expect(renamed.headers.get('cache-control')).toBe('no-store');
    const afterRename = (await renamed.json()) as SavedView;
    expect(afterRename).toEqual({ ...view, name: 'Kiel diese Woche', updatedAt: expect.stringMatching(WRITTEN_INSTANT) });
    expect(Date.parse(afterRename.updatedAt)).toBeGreaterThanOrEqual(Date.parse(view.createdAt));

    const redefinition: Partial<OrderViewDefinition> = {
      range: { begin: '2026-03-01', end: '2026-03-31' },
      status: [],
      q: 'Petersen',
      sort: 'price',
      stations: ['Kiel', 'Lübeck'],
      services: ['Inspektion'],
      priceMin: 10_000,
      priceMax: 50_000,
      columns: ['price', 'number'],
    };
    const redefined = await patch(view.id, redefinition);
    expect(redefined.status).toBe(200);
    const afterRedefinition = (await redefined.json()) as SavedView;
    expect(afterRedefinition).toEqual({ ...afterRename, ...redefinition, updatedAt: expect.stringMatching(WRITTEN_INSTANT) });
    expect((await list()).find((item) => item.id === view.id)).toEqual(afterRedefinition);

    const deleted = await remove(view.id);
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
    expect((await list()).map((item) => item.id)).not.toContain(view.id);
    await expectProblem(await remove(view.id), 404);
    await expectProblem(await patch(view.id, { name: 'Wieder da' }), 404);
  });

  it('stores exactly the fields of a definition: a preset alone, or the two days', async () => {
    const byDays = await created({ name: uniqueName('Tage'), ...VIEW_DEFINITION, range: { begin: '2028-01-01', end: '2028-12-31' } });
    expect(byDays.range).toEqual({ begin: '2028-01-01', end: '2028-12-31' });
    const [stored] = await server.database.query<{ definition: unknown }>('SELECT definition FROM saved_views WHERE id = $1', [byDays.id]);
    const definition = typeof stored?.definition === 'string' ? (JSON.parse(stored.definition) as unknown) : stored?.definition;
    expect(definition).toEqual({ ...VIEW_DEFINITION, range: { begin: '2028-01-01', end: '2028-12-31' } });

    const byPreset = await patch(byDays.id, { range: { preset: 'next7Days' } });
    expect(((await byPreset.json()) as SavedView).range).toEqual({ preset: 'next7Days' });
  });

  it('changes nothing for an empty change, and keeps updatedAt', async () => {
    const view = await created({ name: uniqueName('Unverändert'), ...VIEW_DEFINITION });
    const response = await patch(view.id, {});
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(view);
    const same = await patch(view.id, { name: view.name, columns: view.columns });
    expect(await same.json()).toEqual(view);
  });

  it('lists the user\'s own views only, by name without regard to case', async () => {
    const names = ['beta', 'Alpha', 'gamma'];
    for (const name of names) await created({ name, ...VIEW_DEFINITION }, viewer);
    expect((await list(viewer)).map((view) => view.name)).toEqual(['Alpha', 'beta', 'gamma']);
    const own = new Set((await list(viewer)).map((view) => view.id));
    for (const token of [operator, colleague, stranger]) {
      expect((await list(token)).filter((view) => own.has(view.id))).toEqual([]);
    }
    for (const view of await list(viewer)) expect((await remove(view.id, viewer)).status).toBe(204);
  });

  it('answers another user\'s view, of the same tenant or another, as an unknown one: 404, and leaves it as it was', async () => {
    const view = await created({ name: uniqueName('Meine'), ...VIEW_DEFINITION });
    const unknown = await expectProblem(await patch(NO_VIEW, { name: 'Fremd' }), 404);
    expect(unknown).toMatchObject({ type: 'urn:order-cockpit:problem:view-not-found', title: 'View not found', detail: 'You have no view with this id.' });
    for (const token of [colleague, stranger]) {
      expect(await expectProblem(await patch(view.id, { name: 'Fremd' }, token), 404)).toEqual(unknown);
      expect(await expectProblem(await patch(view.id, { priceMin: -1 }, token), 404)).toEqual(unknown);
      expect(await expectProblem(await remove(view.id, token), 404)).toEqual(unknown);
    }
    expect(await expectProblem(await remove(NO_VIEW), 404)).toEqual(unknown);
    for (const malformed of ['nope', '12345', `${view.id}x`]) {
      expect(await expectProblem(await patch(malformed, { name: 'Fremd' }), 404)).toEqual(unknown);
      expect(await expectProblem(await remove(malformed), 404)).toEqual(unknown);
    }
    expect((await list()).find((item) => item.id === view.id)).toEqual(view);
  });

  it('refuses a name the user has already, without regard to case, with 409 naming name; another user may have it', async () => {
    const name = uniqueName('Offen');
    const first = await created({ name, ...VIEW_DEFINITION });
    const other = await created({ name: uniqueName('Anders'), ...VIEW_DEFINITION });
    const before = await list();

    const again = await expectProblem(await create({ name: `  ${name.toUpperCase()} `, ...VIEW_DEFINITION }), 409);
    expect(again).toMatchObject({
      type: 'urn:order-cockpit:problem:view-name-taken',
      title: 'Name taken',
      errors: [{ field: 'name', message: 'you already have a view of this name' }],
    });
    const renamed = await expectProblem(await patch(other.id, { name: name.toLowerCase(), q: 'geändert' }, operator, 'de'), 409);
    expect(renamed).toMatchObject({ title: 'Name vergeben', errors: [{ field: 'name', message: 'Sie haben bereits eine Ansicht dieses Namens' }] });
    expect(await list()).toEqual(before);

    // The view itself may change the case of its own name.
    expect(((await (await patch(first.id, { name: name.toUpperCase() })).json()) as SavedView).name).toBe(name.toUpperCase());
    expect((await create({ name, ...VIEW_DEFINITION }, colleague)).status).toBe(201);
    expect((await create({ name, ...VIEW_DEFINITION }, stranger)).status).toBe(201);
  });

  it('of two creates of one name at once, takes one (201) and refuses the other (409)', async () => {
    const name = uniqueName('Gleichzeitig');
    const answers = await Promise.all([create({ name, ...VIEW_DEFINITION }), create({ name: name.toLowerCase(), ...VIEW_DEFINITION, q: 'zwei' })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect((await expectProblem(refused as Response, 409)).errors).toEqual([{ field: 'name', message: 'you already have a view of this name' }]);
    expect((await list()).filter((view) => view.name.toLowerCase() === name.toLowerCase())).toHaveLength(1);
  });

  it(`keeps at most ${MAX_VIEWS_PER_USER} views per user: one more is a 422 naming name`, async () => {
    for (const view of await list(viewer)) await remove(view.id, viewer);
    for (let index = 1; index <= MAX_VIEWS_PER_USER; index += 1) {
      expect((await create({ name: `Ansicht ${index}`, ...VIEW_DEFINITION }, viewer)).status).toBe(201);
    }
    const refused = await expectProblem(await create({ name: 'Eine zu viel', ...VIEW_DEFINITION }, viewer), 422);
    expect(refused.errors).toEqual([{ field: 'name', message: 'you have 50 views already, the most one can keep; delete one first' }]);
    const views = await list(viewer);
    expect(views).toHaveLength(MAX_VIEWS_PER_USER);
    expect(views.map((view) => view.name)).not.toContain('Eine zu viel');
    // Others keep theirs as before; one deleted makes room for one.
    expect((await create({ name: uniqueName('Noch Platz'), ...VIEW_DEFINITION }, stranger)).status).toBe(201);
    expect((await remove(views[0]?.id ?? NO_VIEW, viewer)).status).toBe(204);
    expect((await create({ name: 'Eine zu viel', ...VIEW_DEFINITION }, viewer)).status).toBe(201);
  });

  /** 367 days with both counted: one more than the list takes. */
  const longRange = { begin: '2026-01-01', end: '2027-01-02' };
  const invalidValues: [string, Partial<NewSavedView> | Record<string, unknown>, FieldError[]][] = [
    ['a blank name', { name: '   ' }, [{ field: 'name', message: 'must not be empty' }]],
    ['a name of 81 characters', { name: 'x'.repeat(81) }, [{ field: 'name', message: 'must have at most 80 characters' }]],
    ['an unknown preset', { range: { preset: 'lastYear' } }, [{ field: 'range.preset', message: 'must be one of: today, thisWeek, next7Days, thisMonth' }]],
    ['a preset with days', { range: { preset: 'today', begin: '2026-01-01', end: '2026-01-02' } }, [{ field: 'range', message: 'must be either a preset or begin and end' }]],
    ['an empty range', { range: {} }, [{ field: 'range', message: 'must be either a preset or begin and end' }]],
    ['a begin without end', { range: { begin: '2026-01-01' } }, [{ field: 'range.end', message: 'is required' }]],
    [
      'days that are none',
      { range: { begin: '2026-02-30', end: '26-03-01' } },
      [
        { field: 'range.begin', message: 'must be a day of the form YYYY-MM-DD from 2000-01-02 to 2100-12-30' },
        { field: 'range.end', message: 'must be a day of the form YYYY-MM-DD from 2000-01-02 to 2100-12-30' },
      ],
    ],
    ['a day before the supported ones', { range: { begin: '2000-01-01', end: '2000-01-05' } }, [{ field: 'range.begin', message: 'must be a day of the form YYYY-MM-DD from 2000-01-02 to 2100-12-30' }]],
    [
      'begin after end',
      { range: { begin: '2026-03-10', end: '2026-03-01' } },
      [
        { field: 'range.begin', message: 'must not be after end' },
        { field: 'range.end', message: 'must not be before begin' },
      ],
    ],
    ['367 days', { range: longRange }, [{ field: 'range.end', message: 'must be at most 365 days after begin' }]],
    ['an unknown status', { status: ['new', 'shipped'] }, [{ field: 'status[1]', message: 'must be one of: new, confirmed, in_progress, completed, cancelled' }]],
    ['a status twice', { status: ['new', 'confirmed', 'new'] }, [{ field: 'status', message: 'must name each value once' }]],
    ['a search of 101 characters', { q: 'q'.repeat(101) }, [{ field: 'q', message: 'must have at most 100 characters' }]],
    ['an unknown sort', { sort: 'customer' }, [{ field: 'sort', message: 'must be one of: begin, -begin, number, -number, status, -status, price, -price' }]],
    ['51 stations', { stations: Array.from({ length: 51 }, (_, index) => `Station ${index}`) }, [{ field: 'stations', message: 'must have at most 50 entries' }]],
    ['an empty station', { stations: ['Kiel', ''] }, [{ field: 'stations[1]', message: 'must not be empty' }]],
    ['a service of 101 characters', { services: ['Inspektion', 's'.repeat(101)] }, [{ field: 'services[1]', message: 'must have at most 100 characters' }]],
    ['a negative lower price', { priceMin: -1 }, [{ field: 'priceMin', message: 'must be a whole number of cents from 0 to 10000000000' }]],
    ['an upper price above the highest', { priceMax: 10_000_000_001 }, [{ field: 'priceMax', message: 'must be a whole number of cents from 0 to 10000000000' }]],
    ['a lower price above the upper', { priceMin: 5000, priceMax: 4999 }, [{ field: 'priceMin', message: 'must be at most 4999' }]],
    ['no columns', { columns: [] }, [{ field: 'columns', message: `must name at least one column, each once, of: ${'number, status, begin, end, station, service, customer, licensePlate, vehicle, price'}` }]],
    ['a column twice', { columns: ['number', 'number'] }, [{ field: 'columns', message: expect.stringMatching(/^must name at least one column, each once/) as unknown as string }]],
    ['an unknown column', { columns: ['number', 'colour'] }, [{ field: 'columns', message: expect.stringMatching(/^must name at least one column, each once/) as unknown as string }]],
  ];

  it.each(invalidValues)('refuses %s with 422 naming the field, and creates nothing', async (_case, values, errors) => {
    const before = await list();
    const problem = await expectProblem(await create({ name: uniqueName('Ungültig'), ...VIEW_DEFINITION, ...values }), 422);
    expect(problem).toMatchObject({ type: 'urn:order-cockpit:problem:invalid-value', errors });
    expect(await list()).toEqual(before);
  });

  it.each(invalidValues)('refuses a change to %s with 422 naming the field, and changes nothing', async (_case, values, errors) => {
    const view = await created({ name: uniqueName('Gültig'), ...VIEW_DEFINITION });
    const before = await list();
    const problem = await expectProblem(await patch(view.id, values), 422);
    expect(problem.errors).toEqual(errors);
    expect(await list()).toEqual(before);
  });

  it('names every field in error at once, in the language of the request', async () => {
    const problem = await expectProblem(await create({ ...VIEW_DEFINITION, name: '', sort: 'x', priceMin: -5, columns: [] }, operator, 'de'), 422);
    expect(problem.title).toBe('Ungültiger Wert');
    expect(problem.errors?.map((error) => error.field)).toEqual(['name', 'sort', 'priceMin', 'columns']);
    expect(problem.errors?.[0]).toEqual({ field: 'name', message: 'darf nicht leer sein' });
  });

  it('checks a bound changed alone against the other as stored', async () => {
    const view = await created({ name: uniqueName('Preis'), ...VIEW_DEFINITION, priceMin: 1000, priceMax: 2000 });
    expect((await expectProblem(await patch(view.id, { priceMin: 2001 }), 422)).errors).toEqual([{ field: 'priceMin', message: 'must be at most 2000' }]);
    expect(((await (await patch(view.id, { priceMin: 2000 })).json()) as SavedView).priceMin).toBe(2000);
    expect(((await (await patch(view.id, { priceMax: null })).json()) as SavedView).priceMax).toBeNull();
  });

  it('takes the longest ranges the list takes: 366 days, a leap year, the first and last supported days', async () => {
    for (const range of [
      { begin: '2026-01-01', end: '2027-01-01' },
      { begin: '2028-01-01', end: '2028-12-31' },
      { begin: '2000-01-02', end: '2000-01-02' },
      { begin: '2100-01-01', end: '2100-12-30' },
    ]) {
      expect((await create({ name: uniqueName('Lang'), ...VIEW_DEFINITION, range })).status).toBe(201);
    }
  });

  it.each([
    ['an unknown field', { owner: 'jemand' }, 'owner', 'is not a known field'],
    ['an unknown field of the range', { range: { preset: 'today', days: 3 } }, 'range.days', 'is not a known field'],
    ['a price as text', { priceMin: '5' }, 'priceMin', 'must be of type integer, null'],
    ['a price with cents of cents', { priceMax: 10.5 }, 'priceMax', 'must be of type integer, null'],
    ['a status as text', { status: 'new' }, 'status', 'must be of type array'],
    ['a column as a number', { columns: ['number', 3] }, 'columns[1]', 'must be of type string'],
    ['a name with a control character', { name: 'Zeile\neins' }, 'name', 'must not contain control characters'],
    ['a station with a control character', { stations: ['Kiel\u0000'] }, 'stations[0]', 'must not contain control characters'],
    ['a null search', { q: null }, 'q', 'must be of type string'],
  ])('refuses %s with 400 naming the field, and changes nothing', async (_case, values, field, message) => {
    const view = await created({ name: uniqueName('Typen'), ...VIEW_DEFINITION });
    const before = await list();
    const refusedCreate = await expectProblem(await create({ name: uniqueName('Typen'), ...VIEW_DEFINITION, ...values }), 400);
    expect(refusedCreate).toMatchObject({ type: 'urn:order-cockpit:problem:validation', errors: [{ field, message }] });
    const refusedChange = await expectProblem(await patch(view.id, values), 400);
    expect(refusedChange.errors).toEqual([{ field, message }]);
    expect(await list()).toEqual(before);
  });

  it('refuses a create without every field of a view with 400 naming the missing one', async () => {
    const { columns: _columns, ...withoutColumns } = VIEW_DEFINITION;
    const problem = await expectProblem(await create({ name: uniqueName('Unvollständig'), ...withoutColumns }), 400);
    expect(problem.errors).toEqual([{ field: 'columns', message: 'is required' }]);
  });

  it('answers 401 to every route without a valid token', async () => {
    const view = await created({ name: uniqueName('Angemeldet'), ...VIEW_DEFINITION });
    for (const token of [undefined, 'not-a-token']) {
      await expectProblem(await call(server, '/api/me/views', { token }), 401);
      await expectProblem(await call(server, '/api/me/views', { token, body: { name: 'Anonym', ...VIEW_DEFINITION } }), 401);
      await expectProblem(await call(server, `/api/me/views/${view.id}`, { method: 'PATCH', token, body: { name: 'Anonym' } }), 401);
      await expectProblem(await call(server, `/api/me/views/${view.id}`, { method: 'DELETE', token }), 401);
    }
    expect((await list()).find((item) => item.id === view.id)).toEqual(view);
  });
});
