import type { RunningServer } from '../../../server/startServer';
import type { User } from '../../../shared/User';
import { BRITISH_EMAIL, EXPECTED_GERMAN_USER, call, expectProblem, GERMAN_ADMIN_EMAIL, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer } from '../support/testServer';

describe('/api/me', () => {
  let server: RunningServer;
  /** The German tenant's admin: the colours are theirs to set. */
  let token: string;
  /** The German tenant's operator. */
  let operator: string;

  const me = async (): Promise<User> => {
    const response = await call(server, '/api/me', { token });
    expect(response.status).toBe(200);
    return (await response.json()) as User;
  };
  const patch = (body: unknown, locale?: 'de' | 'en') => call(server, '/api/me', { method: 'PATCH', token, body, locale });

  beforeAll(async () => {
    server = await startTestServer();
    token = (await login(server, GERMAN_ADMIN_EMAIL)).token;
    operator = (await login(server, GERMAN_EMAIL)).token;
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => server?.close());

  it('GET answers the user of the token, with their role', async () => {
    const response = await call(server, '/api/me', { token: operator });
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual(EXPECTED_GERMAN_USER);
    expect(await me()).toMatchObject({ email: GERMAN_ADMIN_EMAIL, role: 'admin', tenant: EXPECTED_GERMAN_USER.tenant });
  });

  it('PATCH changes the language and colours, clears a colour with null, and keeps the rest', async () => {
    const response = await patch({ language: 'en', theme: { color1: 'rgb(10, 20, 30)', color3: null } });
    expect(response.status).toBe(200);
    const changed = (await response.json()) as User;
    expect(changed.language).toBe('en');
    expect(changed.theme).toEqual({ color1: 'rgb(10, 20, 30)', color2: '#1f6feb' });
    expect(await me()).toEqual(changed);

    const back = await patch({ language: 'de', theme: { color1: '#0b3d91', color3: 'hsl(20, 90%, 35%)' } });
    expect(((await back.json()) as User).theme).toEqual({ color1: '#0b3d91', color2: '#1f6feb', color3: 'hsl(20, 90%, 35%)' });
  });

  it('PATCH with an empty body changes nothing', async () => {
    const before = await me();
    const response = await patch({});
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(before);
  });

  it('PATCH refuses a language other than the contract\'s with 400, and changes nothing', async () => {
    const before = await me();
    const body = await expectProblem(await patch({ language: 'fr', theme: { color1: '#00ff00' } }, 'de'), 400);
    expect(body.errors).toEqual([{ field: 'language', message: 'muss einer dieser Werte sein: de, en' }]);
    expect(await me()).toEqual(before);
  });

  it('PATCH refuses invalid colours with 422, names every field and changes nothing', async () => {
    const before = await me();
    const response = await patch({ language: 'en', theme: { color1: '#00ff00', color2: 'red; background: url(x)', color3: 'blue' } }, 'de');
    const body = await expectProblem(response, 422);
    expect(body.title).toBe('Ungültiger Wert');
    expect(body.errors).toEqual([
      { field: 'theme.color2', message: 'muss eine Farbe der Form #rgb, #rrggbb, rgb() oder hsl() sein' },
      { field: 'theme.color3', message: 'muss eine Farbe der Form #rgb, #rrggbb, rgb() oder hsl() sein' },
    ]);
    // color1 was valid, but nothing is written when anything is invalid.
    expect(await me()).toEqual(before);
  });

  it('PATCH refuses a single invalid colour with 422 naming it', async () => {
    const before = await me();
    const body = await expectProblem(await patch({ theme: { color1: '#12345' } }), 422);
    expect(body.errors).toEqual([{ field: 'theme.color1', message: 'must be a colour of the form #rgb, #rrggbb, rgb() or hsl()' }]);
    expect(await me()).toEqual(before);
  });

  it('PATCH refuses unknown fields with 400 and changes nothing', async () => {
    const before = await me();
    const topLevel = await patch({ language: 'en', name: 'Mallory' });
    expect((await expectProblem(topLevel, 400)).errors).toEqual([{ field: 'name', message: 'is not a known field' }]);
    const nested = await patch({ theme: { color1: '#000', color4: '#fff' } });
    expect((await expectProblem(nested, 400)).errors).toEqual([{ field: 'theme.color4', message: 'is not a known field' }]);
    expect(await me()).toEqual(before);
  });

  it('PATCH refuses a theme that is not an object with 400', async () => {
    expect((await expectProblem(await patch({ theme: 'dark' }), 400)).errors).toEqual([{ field: 'theme', message: 'must be of type object' }]);
    expect((await expectProblem(await patch([]), 400)).errors).toEqual([{ field: 'body', message: 'must be of type object' }]);
  });

  it('offers no PUT', async () => {
    const response = await call(server, '/api/me', { method: 'PUT', token, body: { language: 'en' } });
    expect([404, 405]).toContain(response.status);
    await expectProblem(response, response.status);
    expect((await me()).language).toBe('de');
  });

  it('sets the colours of the admin\'s tenant, for all its users and no other tenant', async () => {
    const other = await login(server, BRITISH_EMAIL);
    expect((await patch({ theme: { color2: '#abcdef' } })).status).toBe(200);
    const colleague = (await (await call(server, '/api/me', { token: operator })).json()) as User;
    expect(colleague.theme.color2).toBe('#abcdef');
    const response = await call(server, '/api/me', { token: other.token });
    expect(((await response.json()) as User).theme).toEqual({});
  });

  it('refuses the colours to an operator with 403, naming the roles, and changes nothing, not even the language sent with them', async () => {
    const before = await me();
    const response = await call(server, '/api/me', { method: 'PATCH', token: operator, body: { language: 'en', theme: { color1: '#000' } }, locale: 'de' });
    const body = await expectProblem(response, 403);
    expect(body).toMatchObject({ type: 'urn:order-cockpit:problem:forbidden', title: 'Nicht erlaubt', role: 'operator', required: 'admin' });
    expect(body.detail).toBe('Ihre Rolle erlaubt das nicht; es wurde nichts geändert.');
    expect(await me()).toEqual(before);
    expect((await (await call(server, '/api/me', { token: operator })).json()) as User).toMatchObject({ language: 'de', role: 'operator' });
  });

  it('lets an operator change their own language', async () => {
    const changed = await call(server, '/api/me', { method: 'PATCH', token: operator, body: { language: 'en' } });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as User).language).toBe('en');
    expect((await call(server, '/api/me', { method: 'PATCH', token: operator, body: { language: 'de' } })).status).toBe(200);
  });
});
