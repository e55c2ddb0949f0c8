import { TEST_ENGINE } from '../support/testEngine';

/**
 * How much the contract fuzzing tries, from the environment so that a failure can be replayed:
 * `FUZZ_SEED` (the seed of every operation's run; a failure prints it), `FUZZ_RUNS` (requests per
 * operation) and `FUZZ_ONLY` (operation ids, comma-separated, to run alone).
 *
 * In `npm test` the embedded engine runs the full budget and PostgreSQL a fifth of it: what the
 * backend makes of a request is decided before the database is asked (the same code on both
 * engines), so the second engine adds the engine's own answers (its errors, its text comparisons)
 * at a fraction of the time. `npm run fuzz` sets `FUZZ_RUNS` and runs both engines in full.
 */
const DEFAULT_RUNS = 200;
const POSTGRES_SHARE = 0.2;

function numberFrom(name: string): number | undefined {
  const text = process.env[name];
  if (text === undefined || text.trim() === '') {
    return undefined;
  }
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new Error(`${name} must be a whole number, not ${JSON.stringify(text)}`);
  }
  return value;
}

/**
 * The seed `npm test` runs with, the same every time: a change that breaks a property fails the
 * same requests on every machine. New requests are found by `npm run fuzz`, which draws a seed.
 */
const TEST_SEED = 31;

/** The seed of this run: `FUZZ_SEED`, or the test seed (printed with any failure either way). */
export const FUZZ_SEED = numberFrom('FUZZ_SEED') ?? TEST_SEED;

const explicitRuns = numberFrom('FUZZ_RUNS');

/** Requests per operation at full budget on this engine. */
export const FUZZ_RUNS = explicitRuns ?? (TEST_ENGINE === 'pglite' ? DEFAULT_RUNS : Math.round(DEFAULT_RUNS * POSTGRES_SHARE));

/**
 * Requests for an operation whose every request costs a password hash or counts against the
 * sign-in limits (`cost` of the full budget, at least ten).
 */
export function runsAt(cost: number): number {
  return Math.max(10, Math.round(FUZZ_RUNS * cost));
}

const only = (process.env.FUZZ_ONLY ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter((name) => name !== '');

/** Whether the operation is fuzzed in this run (all, unless `FUZZ_ONLY` names some). */
export function fuzzed(operationId: string): boolean {
  return only.length === 0 || only.includes(operationId);
}

/** How to run one failure again. */
export function replayHint(operationId: string): string {
  return `FUZZ_SEED=${FUZZ_SEED} FUZZ_RUNS=${FUZZ_RUNS} FUZZ_ONLY=${operationId}`;
}
