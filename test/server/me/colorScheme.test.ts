import type { RunningServer } from '../../../server/startServer';
import type { User } from '../../../shared/User';
import { BRITISH_VIEWER_EMAIL, call, expectProblem, GERMAN_ADMIN_EMAIL, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer } from '../support/testServer';

/** Each user's theme, kept with the language; the tenant's colours, refused when their text would not read in either theme. */
describe('/api/me: the theme and readable colours', () => {
  let server: RunningServer;
  let admin: string;
  let operator: string;

  const me = async (token: string): Promise<User> => (await (await call(server, '/api/me', { token })).json()) as User;
  const patch = (token: string, body: unknown, locale?: 'de' | 'en') => call(server, '/api/me', { method: 'PATCH', token, body, locale });

  beforeAll(async () => {
    server = await startTestServer();
    admin = (await login(server, GERMAN_ADMIN_EMAIL)).token;
    operator = (await login(server, GERMAN_EMAIL)).token;
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => server?.close());

  it('gives every user the operating system\'s theme until they choose one', async () => {
    expect((await me(operator)).colorScheme).toBe('system');
    expect((await login(server, BRITISH_VIEWER_EMAIL)).user.colorScheme).toBe('system');
  });

  it('keeps the theme a user chose, any role, for them alone, and hands it to their next sign-in', async () => {
    const viewer = (await login(server, BRITISH_VIEWER_EMAIL)).token;
    const response = await patch(viewer, { colorScheme: 'dark' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as User).colorScheme).toBe('dark');
    expect((await me(viewer)).colorScheme).toBe('dark');
    expect((await login(server, BRITISH_VIEWER_EMAIL)).user).toMatchObject({ colorScheme: 'dark', language: 'en' });
    expect((await me(operator)).colorScheme).toBe('system');

    const both = await patch(operator, { colorScheme: 'light', language: 'en' });
    expect((await both.json()) as User).toMatchObject({ colorScheme: 'light', language: 'en' });
    expect((await patch(operator, { colorScheme: 'system', language: 'de' })).status).toBe(200);
    expect(await me(operator)).toMatchObject({ colorScheme: 'system', language: 'de' });
  });

  it('refuses a theme other than system, light and dark with 400 naming it, and changes nothing', async () => {
    const before = await me(operator);
    const body = await expectProblem(await patch(operator, { colorScheme: 'sepia', language: 'en' }), 400);
    expect(body.errors).toEqual([{ field: 'colorScheme', message: 'must be one of: system, light, dark' }]);
    const german = await expectProblem(await patch(operator, { colorScheme: 1 }, 'de'), 400);
    expect(german.errors).toEqual([{ field: 'colorScheme', message: 'muss vom Typ string sein' }]);
    expect(await me(operator)).toEqual(before);
  });

  it('refuses a colour whose text reaches less than 4.5:1 in the light or the dark theme with 422 naming it, and changes nothing', async () => {
    const before = await me(admin);
    const response = await patch(admin, { theme: { color1: '#808080', color2: 'rgba(255, 255, 255, 0.4)', color3: 'rgba(0, 0, 0, 0.5)' } });
    const body = await expectProblem(response, 422);
    expect(body.errors).toEqual([
      { field: 'theme.color1', message: 'text on this colour reaches only 4.1:1 in the light and the dark theme; at least 4.5:1 is needed' },
      { field: 'theme.color2', message: 'text on this colour reaches only 4:1 in the dark theme; at least 4.5:1 is needed' },
      { field: 'theme.color3', message: 'text on this colour reaches only 4:1 in the light theme; at least 4.5:1 is needed' },
    ]);
    const german = await expectProblem(await patch(admin, { theme: { color2: 'rgba(255, 255, 255, 0.4)' } }, 'de'), 422);
    expect(german.errors).toEqual([{ field: 'theme.color2', message: 'Text auf dieser Farbe erreicht im dunklen Design nur 4:1; mindestens 4,5:1 sind nötig' }]);
    expect(await me(admin)).toEqual(before);
  });

  it('takes colours that read in both themes, translucent ones too', async () => {
    const response = await patch(admin, { theme: { color2: 'rgba(255, 255, 255, 0.5)', color3: '#c2410c' } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as User).theme).toMatchObject({ color2: 'rgba(255, 255, 255, 0.5)', color3: '#c2410c' });
  });
});
