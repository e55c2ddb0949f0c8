// The backend the backend bench measures, in a child process of its own (so that the load generator
// does not share its event loop): started on the bench data (or a PostgreSQL database) by the bench,
// stopped when the bench says so.
import { fork } from 'node:child_process';
import { DEMO_TENANTS } from '../../../server/seed/demoAccounts';
import { type RunningServer, startServer } from '../../../server/startServer';

const GERMAN = DEMO_TENANTS[0];

interface ChildReady {
  url: string;
  range: { begin: string; end: string };
}

const SERVE_FLAG = '--serve-bench-data';

/** Starts the backend on `dataDir` (or a PostgreSQL URL) in a child process; answers its URL, the German tenant's range and a way to stop it. */
export async function startChild(dataDir: string): Promise<ChildReady & { close(): Promise<void> }> {
  const child = fork(__filename, [SERVE_FLAG, dataDir], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<ChildReady>((resolve, reject) => {
    child.once('message', (message) => resolve(message as ChildReady));
    child.once('exit', (code) => reject(new Error(`the backend stopped (exit code ${code})`)));
  });
  return {
    ...ready,
    close: async () => {
      child.send('stop');
      await exited;
    },
  };
}

/** In the child: the backend on the bench data, until the parent says stop. */
async function serve(dataDir: string): Promise<void> {
  const where = /^postgres(ql)?:/.test(dataDir) ? { databaseUrl: dataDir } : { database: dataDir };
  const server: RunningServer = await startServer({ ...where, host: '127.0.0.1', port: 0, seedOrders: 0, staticDir: '/nonexistent' });
  const [bounds] = await server.database.query<{ begin: string; end: string }>(
    `SELECT min(o.begin_at) AS begin, max(o.end_at) AS "end" FROM orders o JOIN tenants t ON t.id = o.tenant_id WHERE t.name = $1`,
    [GERMAN?.name ?? ''],
  );
  process.once('message', () => {
    void server.close().then(() => process.exit(0));
  });
  process.send?.({ url: server.url, range: { begin: bounds?.begin ?? '', end: bounds?.end ?? '' } } satisfies ChildReady);
}

const serveIndex = process.argv.indexOf(SERVE_FLAG);
if (serveIndex > 0 && process.send) {
  serve(process.argv[serveIndex + 1] ?? '').catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
