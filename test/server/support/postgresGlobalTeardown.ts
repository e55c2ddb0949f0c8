import { dropTestDatabases, runPrefix } from './testDatabases';

/**
 * Global teardown of the jest project `server-postgres`: drops what database of this run a test left
 * behind, on the server of the tests and on that of the scratch databases (scratchDatabase.ts).
 */
export default async function tearDownPostgresRun(): Promise<void> {
  const servers = new Set([process.env.TEST_DATABASE_URL?.trim(), process.env.TEST_DURABLE_DATABASE_URL?.trim()].filter((url) => !!url));
  let left = 0;
  for (const server of servers) left += await dropTestDatabases(runPrefix(), server);
  if (left > 0) {
    console.warn(`\n${left} database(s) of the backend tests on PostgreSQL were left behind by their tests (dropped now).`);
  }
}
