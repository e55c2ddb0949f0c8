import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BackendConfig } from '../../../server/config/BackendConfig';
import type { RunningServer } from '../../../server/startServer';
import { STARTUP_TIMEOUT_MS, startTestServer } from './testServer';

/** A console build in a temporary folder and the test server that serves it, as the tests of a `describe` see them. */
export interface ServedBuild {
  /** The test server serving the build; there once the tests run. */
  readonly server: RunningServer;
  /** The folder the build was written into. */
  readonly staticDir: string;
}

/**
 * For the tests of the calling `describe`: before them, `write` writes a console build into a new
 * temporary folder and a test server (with `config` besides) starts serving it; after them the server
 * is closed and the folder removed.
 */
export function serveBuild(write: (staticDir: string) => void, config: Partial<BackendConfig> = {}): ServedBuild {
  let staticDir: string | undefined;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    staticDir = mkdtempSync(path.join(tmpdir(), 'cockpit-dist-'));
    write(staticDir);
    server = await startTestServer({ ...config, staticDir });
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await server?.close();
    if (staticDir !== undefined) {
      rmSync(staticDir, { recursive: true, force: true });
    }
  });

  const there = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) {
      throw new Error(`${what} is there only while the tests of the describe run`);
    }
    return value;
  };
  return {
    get server() {
      return there(server, 'the served build\'s server');
    },
    get staticDir() {
      return there(staticDir, 'the served build\'s folder');
    },
  };
}
