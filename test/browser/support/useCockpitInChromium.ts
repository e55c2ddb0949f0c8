import type { Browser } from 'playwright-core';
import { launchChromium } from './chromium';
import { startCockpit, type RunningCockpit } from './startCockpit';

/** Starting the backend (seeding its demo data) and Chromium may take longer than one test on a busy machine. */
const START_TIMEOUT_MS = 120_000;

/** The backend and the browser a test file's tests share. */
export interface CockpitInChromium {
  /** The backend (built console, embedded database, demo data), started before the first test. */
  readonly cockpit: RunningCockpit;
  /** Debian's Chromium, launched before the first test. */
  readonly browser: Browser;
}

/** Settings of `server/main.ts` for the backend, or what makes them when the backend starts. */
export type CockpitEnv = Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);

/**
 * The setup every browser test file repeats, registered as the file's `beforeAll`/`afterAll`: one
 * backend started with `env` (settings of `server/main.ts`) and one Chromium for the whole file,
 * both closed after its last test. Call it at the top of a `describe`.
 *
 * `env` may be a function, called in this `beforeAll` just before the backend starts: for settings
 * that only a `beforeAll` of the file's own can make (a folder, a started fake service), which must
 * then be registered before this call, since jest runs a describe's `beforeAll` hooks in the order
 * they are registered. Its `afterAll` hooks run in the order registered too: cleanup of the file's own
 * registered after this call runs once the browser and the backend are closed.
 */
export function useCockpitInChromium(env: CockpitEnv = {}): CockpitInChromium {
  let cockpit: RunningCockpit | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    cockpit = await startCockpit(typeof env === 'function' ? await env() : env);
    browser = await launchChromium();
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await cockpit?.close();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) {
      throw new Error(`${what} is not started: useCockpitInChromium's beforeAll has not run`);
    }
    return value;
  };
  return {
    get cockpit() {
      return started(cockpit, 'the backend');
    },
    get browser() {
      return started(browser, 'Chromium');
    },
  };
}
