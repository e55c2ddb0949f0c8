import type { Problem } from '../../../shared/Problem';
import type { LoginResult } from '../../../shared/User';
import { DEMO_PASSWORD, DEMO_TENANTS } from '../../../server/seed/demoAccounts';
import type { BackendConfig } from '../../../server/config/BackendConfig';
import { type RunningServer, startServer } from '../../../server/startServer';
import { migratedDumpFile } from './embeddedDump';
import { createTestDatabase } from './testDatabases';
import { TEST_ENGINE } from './testEngine';

/** Starting a server opens an embedded database, which takes a few seconds. */
export const STARTUP_TIMEOUT_MS = 60_000;

export const GERMAN_EMAIL = DEMO_TENANTS[0]?.user.email ?? '';
export const BRITISH_EMAIL = DEMO_TENANTS[1]?.user.email ?? '';
/** The German tenant's admin (its colours and users). */
export const GERMAN_ADMIN_EMAIL = DEMO_TENANTS[0]?.colleagues.find((user) => user.role === 'admin')?.email ?? '';
/** The British tenant's viewer (reads, changes nothing). */
export const BRITISH_VIEWER_EMAIL = DEMO_TENANTS[1]?.colleagues.find((user) => user.role === 'viewer')?.email ?? '';

/** The German demo user as `/api/me` and the login answer it (ids are generated). */
export const EXPECTED_GERMAN_USER = {
  id: expect.stringMatching(/^[0-9a-f-]{36}$/),
  email: GERMAN_EMAIL,
  name: 'Dana Brandt',
  language: 'de',
  colorScheme: 'system',
  role: 'operator',
  tenant: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Autohaus Nord' },
  theme: { color1: '#0b3d91', color2: '#1f6feb', color3: '#c2410c' },
};
export { DEMO_PASSWORD };

/** A clock the test moves by hand. */
export class TestClock {
  constructor(private current = new Date('2026-03-10T09:30:00.000Z')) {}

  readonly now = (): Date => new Date(this.current.getTime());

  advance(milliseconds: number): void {
    this.current = new Date(this.current.getTime() + milliseconds);
  }
}

/**
 * The cost of test servers' password hashes unless a test gives one: N 2^14, the cost of before
 * OWASP's, at a tenth of its time. At OWASP's cost a hash took seconds while the suite ran on a busy
 * machine, and the suite signs in hundreds of times; passwordHashing.test.ts signs in at OWASP's.
 */
export const TEST_SCRYPT_COST = { N: 2 ** 14, r: 8, p: 1 };

/**
 * A server on 127.0.0.1 and a free port, with a fresh database of the test engine (testEngine.ts) and
 * 50 orders per tenant: an embedded one in memory (a copy of the migrated one the project's global
 * setup wrote, see embeddedDump.ts), or on PostgreSQL a database of its own, dropped when the server
 * closes. A `databaseUrl` or a data directory given (see `keptStorage`) is used as it is.
 */
export async function startTestServer(options: Partial<BackendConfig> = {}): Promise<RunningServer> {
  const settings: Partial<BackendConfig> = {
    seedOrders: 50,
    staticDir: '/nonexistent/order-cockpit-dist',
    ...options,
    login: { ...options.login, hashing: { cost: TEST_SCRYPT_COST, ...options.login?.hashing } },
  };
  const inMemory = settings.databaseUrl === undefined && (settings.database === undefined || settings.database === 'memory');
  if (TEST_ENGINE === 'pglite' && inMemory) {
    return startServer({ memoryFromDump: migratedDumpFile(), ...settings });
  }
  if (TEST_ENGINE === 'pglite' || settings.databaseUrl !== undefined) {
    return startServer(settings);
  }
  const database = await createTestDatabase();
  let server: RunningServer;
  try {
    server = await startServer({ ...settings, databaseUrl: database.url });
  } catch (error) {
    await database.drop();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return { ...server, close: () => (closing ??= server.close().finally(() => database.drop())) };
}

export interface CallOptions {
  method?: string;
  token?: string;
  body?: unknown;
  locale?: 'de' | 'en';
  headers?: Record<string, string>;
}

/** One request over HTTP; a body is sent as JSON. */
export function call(server: RunningServer, path: string, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.locale) headers['x-ui-locale'] = options.locale;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  return fetch(`${server.url}${path}`, { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
}

export async function login(server: RunningServer, email: string, password = DEMO_PASSWORD): Promise<LoginResult> {
  const response = await call(server, '/api/auth/login', { body: { email, password } });
  if (response.status !== 200) {
    throw new Error(`login of ${email} answered ${response.status}: ${await response.text()}`);
  }
  return (await response.json()) as LoginResult;
}

/** Asserts that `response` is an RFC 9457 problem with `status`, and returns its body. */
export async function expectProblem(response: Response, status: number): Promise<Problem> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
  const body = (await response.json()) as Problem;
  expect(body).toEqual(
    expect.objectContaining({ type: expect.stringMatching(/^urn:order-cockpit:problem:[a-z-]+$/), status, title: expect.any(String), detail: expect.any(String) }),
  );
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/\bat .+\.(ts|js):\d+|\b(SELECT|INSERT|UPDATE|stack)\b/i);
  return body;
}
