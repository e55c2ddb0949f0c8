import { randomUUID } from 'node:crypto';
import { RevokedTokens, revocationLookupFor } from '../../../server/auth/RevokedTokens';
import { type Database, DatabaseError, type SqlValue } from '../../../server/db/Database';
import { migrate } from '../../../server/db/migrate';
import { openTestDatabase, TEST_ENGINE } from '../support/testEngine';
import { STARTUP_TIMEOUT_MS } from '../support/testServer';

/** The database, counting the statements sent through this view of it; `failNext` makes the next statement fail. */
class CountingDatabase implements Database {
  statements: string[] = [];
  failNext = false;

  constructor(private readonly db: Database) {}

  query<T extends object>(sql: string, params?: readonly SqlValue[]): Promise<T[]> {
    this.statements.push(sql);
    if (this.failNext) {
      this.failNext = false;
      return Promise.reject(new DatabaseError('connection lost'));
    }
    return this.db.query<T>(sql, params);
  }

  exec(sql: string): Promise<void> {
    return this.db.exec(sql);
  }

  transaction<T>(): Promise<T> {
    throw new Error('not used');
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

const HOUR_MS = 3_600_000;

describe('RevokedTokens', () => {
  let db: Database;
  const later = () => new Date(Date.now() + 8 * HOUR_MS);

  beforeAll(async () => {
    db = await openTestDatabase();
    await migrate(db);
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => db?.close());

  it('looks revocations up in memory on the embedded database, and asks the database on any other', () => {
    const onThisEngine = TEST_ENGINE === 'pglite' ? 'memory' : 'database';
    expect(revocationLookupFor(db)).toBe(onThisEngine);
    expect(new RevokedTokens(db).lookup).toBe(onThisEngine);
    const server = new CountingDatabase(db);
    expect(revocationLookupFor(server)).toBe('database');
    expect(new RevokedTokens(server).lookup).toBe('database');
  });

  it('in memory: reads the stored revocations once, then answers every check without a statement', async () => {
    const storedBefore = randomUUID();
    await new RevokedTokens(db, 'database').revoke(storedBefore, later());
    const counting = new CountingDatabase(db);
    const revocations = new RevokedTokens(counting, 'memory');

    expect(await revocations.isRevoked(storedBefore)).toBe(true);
    expect(await revocations.isRevoked(randomUUID())).toBe(false);
    expect(counting.statements).toEqual(['SELECT jti, expires_at FROM revoked_tokens']);

    const signedOut = randomUUID();
    await revocations.revoke(signedOut, later());
    for (let i = 0; i < 20; i++) {
      expect(await revocations.isRevoked(signedOut)).toBe(true);
      expect(await revocations.isRevoked(randomUUID())).toBe(false);
    }
    expect(counting.statements).toHaveLength(2);
    // Stored as well: a restart (a fresh read) still knows it.
    expect(await new RevokedTokens(db, 'database').isRevoked(signedOut)).toBe(true);
  });

  it('in memory: every instance over one database sees what another revoked', async () => {
    const counting = new CountingDatabase(db);
    const forRequests = new RevokedTokens(counting, 'memory');
    const forLogout = new RevokedTokens(counting, 'memory');
    const jti = randomUUID();
    expect(await forRequests.isRevoked(jti)).toBe(false);
    await forLogout.revoke(jti, later());
    expect(await forRequests.isRevoked(jti)).toBe(true);
  });

  it('from the database: sees a revocation another process stored, which a memory read before it does not', async () => {
    const memory = new RevokedTokens(new CountingDatabase(db), 'memory');
    const database = new RevokedTokens(db, 'database');
    const jti = randomUUID();
    expect(await memory.isRevoked(jti)).toBe(false);
    // Another process of the backend, sharing a PostgreSQL server.
    await db.query('INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, $2)', [jti, later().toISOString()]);
    expect(await database.isRevoked(jti)).toBe(true);
    expect(await memory.isRevoked(jti)).toBe(false);
  });

  it.each(['memory', 'database'] as const)('(%s) compares ids as UUIDs, without regard to case', async (lookup) => {
    const revocations = new RevokedTokens(new CountingDatabase(db), lookup);
    const jti = randomUUID();
    await revocations.revoke(jti.toUpperCase(), later());
    expect(await revocations.isRevoked(jti)).toBe(true);
  });

  it.each(['memory', 'database'] as const)('(%s) forgets the expired revocations, in the database and in memory', async (lookup) => {
    const revocations = new RevokedTokens(new CountingDatabase(db), lookup);
    const now = new Date();
    const expired = randomUUID();
    const current = randomUUID();
    await revocations.revoke(expired, new Date(now.getTime() - HOUR_MS));
    await revocations.revoke(current, new Date(now.getTime() + HOUR_MS));
    expect(await revocations.isRevoked(expired)).toBe(true);

    await revocations.purgeExpired(now);
    expect(await revocations.isRevoked(expired)).toBe(false);
    expect(await revocations.isRevoked(current)).toBe(true);
    const stored = await db.query<{ jti: string }>('SELECT jti FROM revoked_tokens WHERE jti = ANY($1::uuid[])', [[expired, current]]);
    expect(stored.map((row) => row.jti)).toEqual([current]);
  });

  it('in memory: a failed read fails the check, and the next check reads again', async () => {
    const counting = new CountingDatabase(db);
    const revocations = new RevokedTokens(counting, 'memory');
    const jti = randomUUID();
    await new RevokedTokens(db, 'database').revoke(jti, later());
    counting.failNext = true;
    await expect(revocations.isRevoked(jti)).rejects.toThrow('connection lost');
    expect(await revocations.isRevoked(jti)).toBe(true);
    expect(counting.statements.filter((sql) => sql.startsWith('SELECT jti'))).toHaveLength(2);
  });
});
