// The PostgreSQL server of the cluster bench: BENCH_DATABASE_URL (a server where databases may be
// created and dropped), else a throwaway cluster with PostgreSQL's default durability, as a deployment
// runs it: every figure of the bench depends on what a commit costs.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from 'pg';
import { REPOSITORY_ROOT } from '../../../server/startServer';

export interface BenchServer {
  url: string;
  /** Version, where it runs, and its durability settings as SHOW tells them. */
  description: string;
  settings: Record<string, string>;
  /** The postmaster's pid when it runs on this machine (its processes are measured too). */
  postmaster: number | undefined;
  stop(): void;
}

interface Throwaway {
  url: string;
  port: number;
  folder: string;
  stop(): void;
}

/** The settings the section shows: what makes a commit durable, and how many connections it takes. */
const SHOWN = ['fsync', 'synchronous_commit', 'full_page_writes', 'wal_sync_method', 'shared_buffers', 'max_connections'];

async function withClient<T>(url: string, use: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

async function readSettings(url: string): Promise<{ version: string; settings: Record<string, string> }> {
  return withClient(url, async (client) => {
    const settings: Record<string, string> = {};
    for (const name of SHOWN) {
      const { rows } = await client.query<Record<string, string>>(`SHOW ${name}`);
      settings[name] = String(Object.values(rows[0] ?? {})[0] ?? '?');
    }
    const { rows } = await client.query<{ version: string }>("SELECT current_setting('server_version') AS version");
    return { version: rows[0]?.version ?? '?', settings };
  });
}

/** The file system a folder lies on (`ext4`, `tmpfs`: what an fsync costs there). */
function fileSystemOf(folder: string): string {
  try {
    return execFileSync('df', ['--output=fstype', folder], { encoding: 'utf8' }).trim().split('\n').pop() ?? '?';
  } catch {
    return '?';
  }
}

export async function openBenchServer(log: (line: string) => void): Promise<BenchServer> {
  const named = process.env.BENCH_DATABASE_URL?.trim();
  let throwaway: Throwaway | undefined;
  if (!named) {
    const modulePath = pathToFileURL(path.join(REPOSITORY_ROOT, 'scripts', 'throwawayPostgres.mjs')).href;
    const { startThrowawayPostgres } = (await import(modulePath)) as {
      startThrowawayPostgres(options: { maxConnections: number; durable: boolean }): Promise<Throwaway>;
    };
    throwaway = await startThrowawayPostgres({ maxConnections: 300, durable: true });
    log(`throwaway PostgreSQL (durable) on port ${throwaway.port}`);
  }
  const url = named ?? (throwaway as Throwaway).url;
  try {
    const { version, settings } = await readSettings(url);
    const where = throwaway ? `a throwaway cluster on this machine (data on ${fileSystemOf(throwaway.folder)})` : 'BENCH_DATABASE_URL';
    const shown = SHOWN.map((name) => `${name} = ${settings[name]}`).join(', ');
    const postmaster = throwaway ? Number(readFileSync(path.join(throwaway.folder, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]) : undefined;
    return { url, description: `PostgreSQL ${version}, ${where}; ${shown}`, settings, postmaster, stop: () => throwaway?.stop() };
  } catch (error) {
    throwaway?.stop();
    throw error;
  }
}

/** A database of our own on the server at `serverUrl`: created fresh, dropped by `drop()`. */
export async function createDatabase(serverUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  await withClient(serverUrl, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withClient(serverUrl, async (admin) => void (await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}
