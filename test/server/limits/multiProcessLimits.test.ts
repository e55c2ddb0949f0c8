import { BackendProcesses, PROCESS_START_TIMEOUT_MS } from '../support/backendProcesses';
import { createScratchDatabase, describeOnPostgres, type ScratchDatabase } from '../support/scratchDatabase';
import { BRITISH_EMAIL, DEMO_PASSWORD, expectProblem, GERMAN_EMAIL } from '../support/testServer';

/**
 * The sign-in and telemetry limits hold for three processes together as for one: they count in the
 * database, not once per process (which would let three times as much through); so does the rule
 * that a token renews once.
 */
describeOnPostgres('rate limits across backend processes', () => {
  let database: ScratchDatabase;
  let backends: BackendProcesses;

  const signIn = (index: number, email: string, password: string) =>
    fetch(`${backends.at(index % 3).url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });

  beforeAll(async () => {
    database = await createScratchDatabase('scale_limits');
    backends = await BackendProcesses.start(3, { databaseUrl: database.url });
  }, 3 * PROCESS_START_TIMEOUT_MS);

  afterAll(async () => {
    await backends?.stopAll();
    await database?.drop();
  });

  it('counts an account\'s failures together, wherever they were counted: of 8 wrong sign-ins at once, 5 are checked, 3 held back', async () => {
    // Each is counted before its password is checked, in the database: the sixth finds five failures just now.
    const answers = await Promise.all(Array.from({ length: 8 }, (_, attempt) => signIn(attempt, GERMAN_EMAIL, `wrong-${attempt}`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    for (const refused of answers.filter((answer) => answer.status === 429)) {
      // 1 s after the fifth failure, which another process may have counted with a clock a little ahead.
      expect([1, 2]).toContain(Number(refused.headers.get('retry-after')));
      expect((await expectProblem(refused, 429)).type).toBe('urn:order-cockpit:problem:too-many-attempts');
    }
    await Promise.all(answers.filter((answer) => answer.status !== 429).map((answer) => answer.arrayBuffer()));
    // Another account from the same address: 8 failures of 30 allowed.
    expect((await signIn(1, BRITISH_EMAIL, DEMO_PASSWORD)).status).toBe(200);
    // The processes hash at OWASP's cost: seconds each on a busy machine.
  }, 60_000);

  it('renews a token once, wherever the renewals are sent at once', async () => {
    const signedIn = await signIn(0, BRITISH_EMAIL, DEMO_PASSWORD);
    const { token } = (await signedIn.json()) as { token: string };
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => fetch(`${backends.at(index % 3).url}/api/auth/renew`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401, 401, 401, 401]);
    await Promise.all(answers.map((answer) => answer.arrayBuffer()));
  }, 60_000);

  it('lets one client send 60 telemetry requests per 10 s over all processes, not 60 to each', async () => {
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, index) =>
        fetch(`${backends.at(index % 3).url}/v1/traces`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
      ),
    );
    const seconds = (Date.now() - started) / 1000;
    const accepted = answers.filter((answer) => answer.status === 200).length;
    // 60 in the client's window of 10 s, which began with its first request (60 more, had the burst outlasted it).
    expect(accepted).toBeGreaterThanOrEqual(60);
    expect(accepted).toBeLessThanOrEqual(seconds < 10 ? 60 : 120);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.length).toBe(150 - accepted);
    for (const answer of refused.slice(0, 3)) {
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await expectProblem(answer, 429)).type).toBe('urn:order-cockpit:problem:too-many-telemetry-requests');
    }
    await Promise.all(refused.slice(3).map((answer) => answer.arrayBuffer()));
  });
});
