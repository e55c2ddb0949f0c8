import { BackendProcesses, PROCESS_START_TIMEOUT_MS } from '../support/backendProcesses';
import { createScratchDatabase, describeOnPostgres, type ScratchDatabase } from '../support/scratchDatabase';
import { BRITISH_EMAIL, DEMO_PASSWORD, expectProblem, GERMAN_EMAIL } from '../support/testServer';

/**
 * The sign-in and telemetry limits hold for three processes together as for one: they count in the
 * database, not once per process (which would let three times as much through).
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

  it('refuses an account after 10 failures from one address, wherever they were counted', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await signIn(attempt, GERMAN_EMAIL, `wrong-${attempt}`)).status).toBe(401);
    }
    for (let index = 0; index < 3; index++) {
      // The right password too: the account is closed to this address until the first failure leaves the window.
      const refused = await signIn(index, GERMAN_EMAIL, DEMO_PASSWORD);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      const problem = await expectProblem(refused, 429);
      expect(problem.type).toBe('urn:order-cockpit:problem:too-many-attempts');
    }
    // Another account from the same address: 11 failures of 30 allowed.
    expect((await signIn(1, BRITISH_EMAIL, DEMO_PASSWORD)).status).toBe(200);
  });

  it('lets one client send 60 telemetry requests per 10 s over all processes, not 60 to each', async () => {
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, index) =>
        fetch(`${backends.at(index % 3).url}/v1/traces`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
      ),
    );
    const seconds = (Date.now() - started) / 1000;
    const accepted = answers.filter((answer) => answer.status === 200).length;
    // 60 at once, and one more every 1/6 s while the burst lasted.
    expect(accepted).toBeGreaterThanOrEqual(60);
    expect(accepted).toBeLessThanOrEqual(60 + Math.ceil(seconds * 6) + 1);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.length).toBe(150 - accepted);
    for (const answer of refused.slice(0, 3)) {
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await expectProblem(answer, 429)).type).toBe('urn:order-cockpit:problem:too-many-telemetry-requests');
    }
    await Promise.all(refused.slice(3).map((answer) => answer.arrayBuffer()));
  });
});
