// `npm run fuzz`: the contract fuzzing of test/server/fuzz/ at length, on the embedded database and on
// a throwaway PostgreSQL server (or TEST_DATABASE_URL), as `npm test` runs it but with FUZZ_RUNS
// requests per operation (default 2000) on both. FUZZ_SEED replays a run (a failure prints its seed),
// FUZZ_ONLY=patchOrder,login runs those operations alone.
//
//   npm run fuzz
//   FUZZ_RUNS=5000 FUZZ_SEED=42 npm run fuzz
import path from 'node:path';
import { root } from './ensure.mjs';
import { runCommand, withTestPostgres } from './throwawayPostgres.mjs';

const runs = process.env.FUZZ_RUNS ?? '2000';
const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
const jest = path.join(root, 'node_modules', '.bin', 'jest');
const env = { ...process.env, FUZZ_RUNS: runs, FUZZ_SEED: seed };
console.log(`Contract fuzzing: FUZZ_RUNS=${runs} FUZZ_SEED=${seed}`);

// Both engines at once, one worker each: each spends much of its time waiting for the other's turn on the processors.
const status = await withTestPostgres(
  (servers) =>
    runCommand(jest, ['--selectProjects', 'server', 'server-postgres', '--maxWorkers', '2', '--testPathPatterns', 'test/server/fuzz/'], {
      cwd: root,
      env: { ...env, ...servers },
    }),
  { onSignal: (signal) => runCommand.current?.kill(signal) },
);
process.exit(status);
