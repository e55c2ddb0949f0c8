/**
 * The reference backend as a program: `npx tsx server/main.ts` (or `npm run server`).
 *
 * Environment:
 *   PORT             HTTP port (default 8080)
 *   HOST             address to listen on (default localhost; 0.0.0.0 for all interfaces, e.g. in a container)
 *   DATA_DIR         embedded database and token key (default ./data)
 *   DATABASE_URL     PostgreSQL connection string; when set, used instead of the embedded database
 *   JWT_SECRET       token signing secret, at least 32 bytes (default: generated once into DATA_DIR/jwt-secret)
 *   VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY  web push key pair, base64url, both or neither
 *                    (default: generated once into DATA_DIR/vapid-keys.json)
 *   VAPID_SUBJECT    contact for push services, mailto: or https: (default mailto:operations@order-cockpit.example)
 *   PUSH_SERVICE_HOSTS  host suffixes push endpoints may point at, comma-separated (default: the browsers'
 *                    push services: fcm.googleapis.com, android.googleapis.com, push.services.mozilla.com,
 *                    notify.windows.com, push.apple.com)
 *   PUSH_ALLOWED_HOSTS  exact host[:port] entries, comma-separated, that push endpoints may point at without
 *                    the checks above (no suffix, any address, loopback too): a push service of your own
 *                    network, or a test's fake. Every entry is a deliberate opening (default none)
 *   SEED_ORDERS      orders per demo tenant created on first start (default 5000)
 *   SEED_TENANT_ORDERS  orders of single demo tenants instead, by order number prefix: AN=1000000,CF=5000
 *   SEED_NOW         the instant the demo data is made around, RFC 3339 (default: the first start's clock)
 *   PRODUCTION_HOST  host name of production, for /config.json (default cockpit.example.com)
 *   RELEASE          release shown by the console (default: version in package.json)
 *   STATIC_DIR       console build to serve (default dist at the repository root)
 *   SERVE_SOURCE_MAPS  1: the build's source maps (*.map) are served; 0 (the default): they answer 404
 *   LOG_LEVEL        fatal, error, warn, info, debug (default warn)
 *   OTEL_EXPORTER_OTLP_ENDPOINT  base URL of an OpenTelemetry Collector (e.g. http://localhost:4318): the
 *                    console's telemetry (/v1/traces, /v1/logs) is forwarded there; unset, it is
 *                    summarised in the log at level info
 *   SIMULATE         1: the demo simulator creates orders and moves them along every few seconds, so
 *                    that open consoles show live changes; 0 (the default here): it does not.
 *                    `npm start` sets 1 unless SIMULATE is set; the browser tests set 0. With several
 *                    processes on one database, one of them simulates at a time
 *   WORKERS          number of backend processes on this machine, one port (Node's cluster module; default 1).
 *                    More than 1 needs PostgreSQL (DATABASE_URL): the embedded database is one process's
 *   TRUST_PROXY      reverse proxies whose X-Forwarded-For names the client, comma-separated addresses, CIDR
 *                    ranges or loopback, linklocal, uniquelocal (default none: the socket's address counts)
 *   TOKEN_TTL_SECONDS  lifetime of access tokens (default 900: 15 minutes; the console renews them at
 *                    two thirds of their life while it is used)
 *   SESSION_MAX_HOURS  the longest a session lasts from its sign-in, renewals included (default 12)
 *   SESSION_IDLE_MINUTES  minutes without input after which the console stops renewing (default 30)
 *   LEASE_SECONDS    how long a process holds the demo simulator and the housekeeping without renewing
 *                    (renewed every third of it): the longest another waits to take over from one that
 *                    died, and the longest the event streams of one that died still count (default 15)
 */
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { keyFromDataDir } from './auth/signingKey';
import { runPrimary, type WorkerReady } from './cluster/clusterPrimary';
import { parseInstant } from '../shared/instant';
import { onOffSetting } from './config/onOffSetting';
import { parsePushServiceHosts } from './push/pushServiceHosts';
import { vapidKeysFromDataDir } from './push/vapidKeys';
import { DEMO_PASSWORD, DEMO_TENANTS, demoUsersOf } from './seed/demoAccounts';
import { demoOrderCounts, parseOrdersByTenant } from './seed/seedDemoData';
import { REPOSITORY_ROOT, type RunningServer, type StartServerOptions, startServer } from './startServer';

function integer(name: string, fallback: number, min: number, max: number): number {
  const text = process.env[name];
  if (text === undefined || text.trim() === '') {
    return fallback;
  }
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${text}"`);
  }
  return value;
}

function text(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
}

/** The settings of the environment, checked; throws naming the first that is wrong. */
function readSettings() {
  const port = integer('PORT', 8080, 0, 65535);
  const host = text('HOST') ?? 'localhost';
  const dataDir = path.resolve(text('DATA_DIR') ?? 'data');
  const databaseUrl = text('DATABASE_URL');
  const workers = integer('WORKERS', 1, 1, 256);
  if (workers > 1 && !databaseUrl) {
    throw new Error(
      `WORKERS=${workers} needs PostgreSQL: set DATABASE_URL to a PostgreSQL server that every process shares. ` +
        'The embedded database can be opened by one process only; without DATABASE_URL, run one process (no WORKERS).',
    );
  }
  const seedOrders = integer('SEED_ORDERS', 5000, 0, 10_000_000);
  const seedTenantOrdersText = text('SEED_TENANT_ORDERS');
  let seedTenantOrders: Record<string, number> | undefined;
  try {
    seedTenantOrders = seedTenantOrdersText === undefined ? undefined : parseOrdersByTenant(seedTenantOrdersText);
  } catch (error) {
    throw new Error(`SEED_TENANT_ORDERS: ${error instanceof Error ? error.message : String(error)}`);
  }
  const seedNowText = text('SEED_NOW');
  const seedNowMs = seedNowText === undefined ? undefined : parseInstant(seedNowText);
  if (seedNowText !== undefined && seedNowMs === undefined) {
    throw new Error(`SEED_NOW must be an instant such as 2026-11-26T00:00:00+01:00, not ${JSON.stringify(seedNowText)}`);
  }
  const staticDir = path.resolve(text('STATIC_DIR') ?? path.join(REPOSITORY_ROOT, 'dist'));
  const serveSourceMaps = onOffSetting('SERVE_SOURCE_MAPS', process.env.SERVE_SOURCE_MAPS);
  const simulate = onOffSetting('SIMULATE', process.env.SIMULATE);
  const vapidPublicKey = text('VAPID_PUBLIC_KEY');
  const vapidPrivateKey = text('VAPID_PRIVATE_KEY');
  if ((vapidPublicKey === undefined) !== (vapidPrivateKey === undefined)) {
    throw new Error('set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  }
  const pushServiceHostsText = text('PUSH_SERVICE_HOSTS');
  let pushServiceHosts: string[] | undefined;
  try {
    pushServiceHosts = pushServiceHostsText === undefined ? undefined : parsePushServiceHosts(pushServiceHostsText);
  } catch (error) {
    throw new Error(`PUSH_SERVICE_HOSTS: ${error instanceof Error ? error.message : String(error)}`);
  }
  const pushAllowedHosts = text('PUSH_ALLOWED_HOSTS')
    ?.split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const collectorEndpoint = text('OTEL_EXPORTER_OTLP_ENDPOINT');
  const logLevel = text('LOG_LEVEL') ?? 'warn';
  const leaseSeconds = integer('LEASE_SECONDS', 15, 1, 3600);
  const tokenTtlSeconds = integer('TOKEN_TTL_SECONDS', 15 * 60, 30, 24 * 60 * 60);
  const sessionMaxHours = integer('SESSION_MAX_HOURS', 12, 1, 24 * 30);
  const sessionIdleMinutes = integer('SESSION_IDLE_MINUTES', 30, 1, 24 * 60);
  const trustProxy = text('TRUST_PROXY')
    ?.split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

  const options: StartServerOptions = {
    port,
    host,
    database: dataDir,
    databaseUrl,
    seedOrders,
    seedTenantOrders,
    seedNow: seedNowMs === undefined ? undefined : new Date(seedNowMs),
    staticDir,
    serveSourceMaps,
    jwtSecret: text('JWT_SECRET'),
    vapidKeys: vapidPublicKey && vapidPrivateKey ? { publicKey: vapidPublicKey, privateKey: vapidPrivateKey } : undefined,
    vapidSubject: text('VAPID_SUBJECT'),
    push: { endpoints: { serviceHosts: pushServiceHosts, allowedHosts: pushAllowedHosts } },
    release: text('RELEASE'),
    productionHost: text('PRODUCTION_HOST'),
    logger: { level: logLevel },
    simulate,
    telemetry: { collectorEndpoint },
    leases: { ttlMs: leaseSeconds * 1000 },
    tokenTtlSeconds,
    sessionMaxSeconds: sessionMaxHours * 60 * 60,
    sessionIdleMinutes,
    trustProxy,
  };
  return { options, workers, dataDir, databaseUrl, seedOrders, seedTenantOrders, staticDir, simulate, collectorEndpoint, logLevel };
}

type Settings = ReturnType<typeof readSettings>;

/** What the program prints once it serves. */
function banner(settings: Settings, ready: { port: number; seeded: boolean; seconds: string; pids?: number[] }): string {
  const { dataDir, databaseUrl, seedOrders, seedTenantOrders, staticDir, simulate, collectorEndpoint, logLevel } = settings;
  const accounts = DEMO_TENANTS.flatMap((tenant) => demoUsersOf(tenant).map((user) => ({ tenant, user })));
  const width = Math.max(...accounts.map(({ user }) => user.email.length));
  const lines = [
    '',
    `Order Cockpit is running at http://localhost:${ready.port}`,
    `  database: ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded, in ${path.join(dataDir, 'pgdata')}`}` +
      (ready.seeded
        ? `, demo data created (${demoOrderCounts({ ordersPerTenant: seedOrders, ordersByTenant: seedTenantOrders })
            .map((count, index) => `${count} orders for ${DEMO_TENANTS[index]?.name ?? ''}`)
            .join(', ')})`
        : ''),
    ...(ready.pids ? [`  ${ready.pids.length} worker processes on one port (WORKERS): ${ready.pids.join(', ')}`] : []),
    `  ready in ${ready.seconds} s${
      simulate
        ? `; the demo simulator changes orders every few seconds${ready.pids ? ' (in one process at a time)' : ''} (SIMULATE=0 turns it off)`
        : ''
    }`,
    `  telemetry (/v1/traces, /v1/logs): ${
      collectorEndpoint
        ? `forwarded to ${collectorEndpoint}`
        : `summarised in the log${['info', 'debug', 'trace'].includes(logLevel) ? '' : ' (shown with LOG_LEVEL=info)'}`
    }`,
    ...(existsSync(path.join(staticDir, 'index.html'))
      ? []
      : [`  the console is not built yet (${staticDir}): run \`npm run build\`; the API works meanwhile`]),
    '',
    `Demo logins, password "${DEMO_PASSWORD}":`,
    ...accounts.map(({ tenant, user }) => `  ${user.email.padEnd(width)}  ${user.role.padEnd(8)}  ${tenant.name} (${user.language})`),
    '',
    'Press Ctrl-C to stop.',
    '',
  ];
  return lines.join('\n');
}

/** One process serving (alone, or as a worker of `WORKERS=N`, which reports to the primary and prints nothing). */
async function serve(settings: Settings, started: number): Promise<void> {
  const worker = cluster.isWorker;
  const server: RunningServer = await startServer(settings.options);
  if (worker) {
    const ready: WorkerReady = { type: 'ready', port: server.port, seeded: server.seeded };
    process.send?.(ready);
  } else {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(banner(settings, { port: server.port, seeded: server.seeded, seconds }));
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      // A worker is stopped by the primary, which also forwards a second signal as SIGKILL.
      if (worker) return;
      process.stdout.write(`${signal} again: stopping at once.\n`);
      process.exit(1);
    }
    stopping = true;
    if (!worker) process.stdout.write(`\n${signal}: stopping…\n`);
    server.close().then(
      () => {
        if (!worker) process.stdout.write('Stopped.\n');
        process.exit(0);
      },
      (error: unknown) => {
        process.stderr.write(`Stopping failed: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // The primary went away (killed): a worker stops with it.
  if (worker) process.on('disconnect', () => stop('disconnect'));
}

/**
 * The primary of `WORKERS=N`: prepares what the workers must share and cannot make each on its own
 * at once (the token key and the VAPID pair kept in DATA_DIR, unless set), then runs the workers.
 */
async function runWorkers(settings: Settings, started: number): Promise<void> {
  const { options } = settings;
  if (!options.jwtSecret) keyFromDataDir(settings.dataDir);
  if (!options.vapidKeys) vapidKeysFromDataDir(settings.dataDir, options.vapidSubject);
  const code = await runPrimary({
    workers: settings.workers,
    write: (line) => process.stdout.write(line),
    onReady: ({ port, seeded, pids }) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(banner(settings, { port, seeded, seconds, pids }));
    },
  });
  if (code === 0) process.stdout.write('Stopped.\n');
  process.exit(code);
}

async function main(): Promise<void> {
  const started = performance.now();
  const settings = readSettings();
  if (settings.workers > 1 && cluster.isPrimary) {
    await runWorkers(settings, started);
  } else {
    await serve(settings, started);
  }
}

main().catch((error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(
    code === 'EADDRINUSE' ? `Cannot start: the port is in use (${message}). Set PORT to another one.\n` : `Cannot start: ${message}\n`,
  );
  process.exit(1);
});
