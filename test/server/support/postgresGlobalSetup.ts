import { randomBytes } from 'node:crypto';
import { ensureTemplate } from './testDatabases';

/**
 * Global setup of the jest project `server-postgres`: names this run (its databases start with
 * `cockpit_test_<run>_`, see postgresGlobalTeardown.ts) and migrates the template once, before the
 * workers start; without TEST_DATABASE_URL it fails here, once, saying how to get a server.
 */
export default async function setUpPostgresRun(): Promise<void> {
  // Set before jest starts its workers, which inherit it.
  process.env.COCKPIT_TEST_RUN ??= randomBytes(4).toString('hex');
  await ensureTemplate();
}
