import type { RunningServer } from '../../../server/startServer';
import { call, DEMO_PASSWORD, expectProblem, GERMAN_EMAIL, STARTUP_TIMEOUT_MS, startTestServer } from '../support/testServer';
import { SystemTestClock } from '../support/SystemTestClock';

// Dozens of sign-ins, each with a password hash: seconds on a busy machine.
jest.setTimeout(60_000);

/**
 * An account's consecutive failed sign-ins from any address (auth/AccountFailureDelay.ts): five are
 * free, then the next waits 1 s after the last, doubling up to 5 minutes; a success forgets them.
 * Each attempt comes from another address (the proxy in front is trusted), so that only the account counts.
 */
describe('the delay of an account\'s failed sign-ins, from any address', () => {
  const clock = new SystemTestClock();
  let server: RunningServer;
  let address = 0;

  beforeAll(async () => {
    clock.install();
    server = await startTestServer({ clock: clock.now, seedOrders: 0, trustProxy: ['loopback'] });
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    clock.uninstall();
    await server?.close();
  });

  /** A sign-in from an address of its own. */
  const signIn = (email: string, password: string) => {
    address += 1;
    const forwardedFor = `203.0.${Math.floor(address / 250)}.${(address % 250) + 1}`;
    return call(server, '/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': forwardedFor }, locale: 'en' });
  };

  /** The status and Retry-After of a sign-in now. */
  const attempt = async (email: string, password = 'wrong') => {
    const response = await signIn(email, password);
    if (response.status === 429) {
      const problem = await expectProblem(response, 429);
      expect(problem.type).toBe('urn:order-cockpit:problem:too-many-attempts');
    } else {
      await response.arrayBuffer();
    }
    return `${response.status}${response.headers.get('retry-after') ? ` after ${response.headers.get('retry-after')}` : ''}`;
  };

  /**
   * Five failures, then for each delay: refused at once, refused a millisecond before it has passed,
   * counted as a failure (401) once it has. Answers what each attempt was answered.
   */
  async function failUntilTheCap(email: string): Promise<string[]> {
    const answers: string[] = [];
    for (let failure = 0; failure < 5; failure++) answers.push(await attempt(email));
    for (const delaySeconds of [1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300]) {
      answers.push(await attempt(email));
      clock.advance(delaySeconds * 1000 - 1);
      answers.push(await attempt(email));
      clock.advance(1);
      answers.push(await attempt(email));
    }
    return answers;
  }

  const expectedUntilTheCap = [
    ...Array<string>(5).fill('401'),
    ...[1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300].flatMap((seconds) => [`429 after ${seconds}`, '429 after 1', '401']),
  ];

  it('grows with the failures, whichever address they come from, up to five minutes; a success forgets them', async () => {
    // Counted without regard to case, as accounts are.
    expect(await failUntilTheCap(GERMAN_EMAIL.toUpperCase())).toEqual(expectedUntilTheCap);

    // The right password is held back as long as a wrong one.
    expect(await attempt(GERMAN_EMAIL, DEMO_PASSWORD)).toBe('429 after 300');
    clock.advance(300_000);
    expect(await attempt(GERMAN_EMAIL, DEMO_PASSWORD)).toBe('200');
    // Forgotten: five failures are free again.
    for (let failure = 0; failure < 5; failure++) expect(await attempt(GERMAN_EMAIL)).toBe('401');
    expect(await attempt(GERMAN_EMAIL)).toBe('429 after 1');
    clock.advance(1000);
    expect(await attempt(GERMAN_EMAIL, DEMO_PASSWORD)).toBe('200');
  });

  it('treats an address no account has the same way', async () => {
    expect(await failUntilTheCap('niemand@autohaus-nord.example')).toEqual(expectedUntilTheCap);
  });

  it('says how long in German too', async () => {
    const email = 'wartet@autohaus-nord.example';
    for (let failure = 0; failure < 5; failure++) expect(await attempt(email)).toBe('401');
    const response = await call(server, '/api/auth/login', { body: { email, password: 'x' }, headers: { 'x-forwarded-for': '198.51.100.9' }, locale: 'de' });
    const problem = await expectProblem(response, 429);
    expect(problem.title).toBe('Zu viele Anmeldeversuche');
    expect(response.headers.get('retry-after')).toBe('1');
  });
});
