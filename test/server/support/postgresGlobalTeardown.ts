import { dropTestDatabases, runPrefix } from './testDatabases';

/** Global teardown of the jest project `server-postgres`: drops what database of this run a test left behind. */
export default async function tearDownPostgresRun(): Promise<void> {
  const left = await dropTestDatabases(runPrefix());
  if (left > 0) {
    console.warn(`\n${left} database(s) of the backend tests on PostgreSQL were left behind by their tests (dropped now).`);
  }
}
