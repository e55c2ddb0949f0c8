import type { LoginOptions } from '../../../server/auth/LoginOptions';
import { verifyPassword } from '../../../server/auth/passwords';
import type { RunningServer } from '../../../server/startServer';
import {
  BRITISH_EMAIL,
  call,
  DEMO_PASSWORD,
  expectProblem,
  GERMAN_EMAIL,
  login,
  STARTUP_TIMEOUT_MS,
  startTestServer,
} from '../support/testServer';
import { eventually } from '../../support/eventually';
import { SystemTestClock } from '../support/SystemTestClock';

const TEN_MINUTES_MS = 10 * 60_000;
/** Dozens of sign-ins one after the other, each a real scrypt hash: seconds on a busy machine. */
const MANY_SIGN_INS_TIMEOUT_MS = 60_000;

/** A server whose sign-in has `login` as options. */
function startLoginServer(login: LoginOptions, log?: { write(line: string): void }): Promise<RunningServer> {
  return startTestServer({ seedOrders: 0, login, ...(log ? { logger: { level: 'info', stream: log } } : {}) });
}

/** A promise with its resolve function at hand. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Resolves when `condition` holds, polling; fails after `timeoutMs`. */
const within = (condition: () => boolean, what: string, timeoutMs = 10_000) => eventually(condition, { what, timeoutMs, intervalMs: 10 });

const attempt = (server: RunningServer, email: string, password = 'Winter2026!') =>
  call(server, '/api/auth/login', { body: { email, password } });

describe('sign-in abuse', () => {
  describe('password spraying: one address, many accounts', () => {
    const clock = new SystemTestClock();
    let server: RunningServer;

    beforeAll(async () => {
      clock.install();
      server = await startTestServer({ clock: clock.now, seedOrders: 0 });
    }, STARTUP_TIMEOUT_MS);

    afterAll(async () => {
      clock.uninstall();
      await server?.close();
    });

    // Each test starts with a clean window for the address.
    afterEach(() => clock.advance(TEN_MINUTES_MS));

    it('answers 429 with Retry-After after 30 failures from one address, whatever the accounts', async () => {
      for (let index = 1; index <= 30; index++) {
        const response = await attempt(server, `user-${index}@example.com`);
        expect(response.status).toBe(401);
        clock.advance(1000);
      }
      const next = await attempt(server, 'user-31@example.com');
      const body = await expectProblem(next, 429);
      expect(body.type).toBe('urn:order-cockpit:problem:too-many-attempts');
      // The first failure was 30 s ago: the ten-minute window it opened ends in 570 s.
      expect(next.headers.get('retry-after')).toBe('570');
      expect(body.detail).toContain('570 seconds');

      // The address is refused for every account, the right password included; other addresses are not concerned.
      const rightPassword = await call(server, '/api/auth/login', {
        body: { email: GERMAN_EMAIL, password: DEMO_PASSWORD },
        locale: 'de',
      });
      expect((await expectProblem(rightPassword, 429)).title).toBe('Zu viele Anmeldeversuche');

      clock.advance(569_999);
      expect((await attempt(server, 'user-32@example.com')).headers.get('retry-after')).toBe('1');
      // The window has ended (a fixed one, from the first failure): the address starts a new one.
      clock.advance(1);
      expect((await attempt(server, 'user-32@example.com')).status).toBe(401);
      expect((await attempt(server, 'user-33@example.com')).status).toBe(401);
    }, MANY_SIGN_INS_TIMEOUT_MS);

    it('does not count successful sign-ins against the address', async () => {
      for (let index = 0; index < 31; index++) {
        expect((await login(server, index % 2 === 0 ? GERMAN_EMAIL : BRITISH_EMAIL)).token).toEqual(expect.any(String));
      }
    }, MANY_SIGN_INS_TIMEOUT_MS);

    it('keeps counting the failures before a successful sign-in of the same address', async () => {
      for (let index = 1; index <= 20; index++) {
        expect((await attempt(server, `user-${index}@example.com`)).status).toBe(401);
      }
      await login(server, GERMAN_EMAIL);
      for (let index = 21; index <= 30; index++) {
        expect((await attempt(server, `user-${index}@example.com`)).status).toBe(401);
      }
      await expectProblem(await attempt(server, 'user-31@example.com'), 429);
    }, MANY_SIGN_INS_TIMEOUT_MS);
  });

  describe('password hashes in flight', () => {
    const CONCURRENCY = 2;
    const MAX_WAITING = 4;
    let server: RunningServer;
    let hashing = gate();
    let inFlight = 0;
    let peak = 0;
    let started = 0;
    const logged: string[] = [];

    beforeAll(async () => {
      server = await startLoginServer(
        {
        hashing: {
          concurrency: CONCURRENCY,
          maxWaiting: MAX_WAITING,
          // The real comparison, held until the test opens the gate: hashes stay in flight as long as it wants.
          verify: async (password, hash) => {
            started += 1;
            inFlight += 1;
            peak = Math.max(peak, inFlight);
            try {
              await hashing.opened;
              return await verifyPassword(password, hash);
            } finally {
              inFlight -= 1;
            }
          },
        },
        },
        { write: (line) => logged.push(line) },
      );
    }, STARTUP_TIMEOUT_MS);

    afterAll(async () => {
      hashing.open();
      await server?.close();
    });

    it('computes at most 2 at once, lets 4 wait and refuses the rest at once with 503 and Retry-After; /healthz answers meanwhile', async () => {
      hashing = gate();
      const settled: Response[] = [];
      const logins = Array.from({ length: 16 }, (_, index) =>
        attempt(server, `bogus-${index}@example.com`).then((response) => {
          settled.push(response);
          return response;
        }),
      );

      // While the first two hashes are held: 16 - 2 computing - 4 waiting = 10 answered already.
      await within(() => settled.length >= 10 && started >= CONCURRENCY, 'ten refusals and two hashes');
      expect(started).toBe(CONCURRENCY);
      expect(inFlight).toBe(CONCURRENCY);
      expect(settled).toHaveLength(16 - CONCURRENCY - MAX_WAITING);
      for (const response of settled) {
        const body = await expectProblem(response, 503);
        expect(body.type).toBe('urn:order-cockpit:problem:sign-in-busy');
        expect(response.headers.get('retry-after')).toBe('1');
      }

      const health = await call(server, '/healthz');
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      // A real sign-in finds the queue full as well: refused at once, never queued without end.
      const german = await call(server, '/api/auth/login', { body: { email: GERMAN_EMAIL, password: DEMO_PASSWORD }, locale: 'de' });
      expect((await expectProblem(german, 503)).title).toBe('Anmeldung ausgelastet');
      expect(inFlight).toBe(CONCURRENCY);

      hashing.open();
      const answers = await Promise.all(logins);
      expect(answers.filter((response) => response.status === 401)).toHaveLength(CONCURRENCY + MAX_WAITING);
      expect(started).toBe(CONCURRENCY + MAX_WAITING);
      expect(peak).toBe(CONCURRENCY);

      // The queue is free again.
      expect((await login(server, GERMAN_EMAIL)).user.email).toBe(GERMAN_EMAIL);

      // Each refusal is one warning line without a stack, never an error with a trace.
      const lines = logged.map((line) => JSON.parse(line) as { level: number; msg: string; problem?: string; err?: unknown });
      const refusals = lines.filter((line) => line.msg === 'request refused');
      expect(refusals).toHaveLength(16 - CONCURRENCY - MAX_WAITING + 1);
      expect(refusals.every((line) => line.level === 40 && line.problem === 'sign-in-busy' && line.err === undefined)).toBe(true);
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    }, MANY_SIGN_INS_TIMEOUT_MS);

    it('does not count refused attempts against the address: their passwords were never checked', async () => {
      // Six failures above were checked, eleven attempts refused: 24 more failures make 30.
      for (let index = 0; index < 24; index++) {
        expect((await attempt(server, `later-${index}@example.com`)).status).toBe(401);
      }
      await expectProblem(await attempt(server, 'later-24@example.com'), 429);
    }, MANY_SIGN_INS_TIMEOUT_MS);
  });
});
