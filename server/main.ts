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
 *                    `npm start` sets 1 unless SIMULATE is set; the browser tests set 0.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { onOffSetting } from './config/onOffSetting';
import { parsePushServiceHosts } from './push/pushServiceHosts';
import { DEMO_PASSWORD, DEMO_TENANTS } from './seed/demoAccounts';
import { demoOrderCounts, parseOrdersByTenant } from './seed/seedDemoData';
import { REPOSITORY_ROOT, type RunningServer, startServer } from './startServer';

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

async function main(): Promise<void> {
  const started = performance.now();
  const port = integer('PORT', 8080, 0, 65535);
  const host = text('HOST') ?? 'localhost';
  const dataDir = path.resolve(text('DATA_DIR') ?? 'data');
  const databaseUrl = text('DATABASE_URL');
  const seedOrders = integer('SEED_ORDERS', 5000, 0, 10_000_000);
  const seedTenantOrdersText = text('SEED_TENANT_ORDERS');
  let seedTenantOrders: Record<string, number> | undefined;
  try {
    seedTenantOrders = seedTenantOrdersText === undefined ? undefined : parseOrdersByTenant(seedTenantOrdersText);
  } catch (error) {
    throw new Error(`SEED_TENANT_ORDERS: ${error instanceof Error ? error.message : String(error)}`);
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

  const server: RunningServer = await startServer({
    port,
    host,
    database: dataDir,
    databaseUrl,
    seedOrders,
    seedTenantOrders,
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
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);

  const width = Math.max(...DEMO_TENANTS.map((tenant) => tenant.user.email.length));
  const lines = [
    '',
    `Order Cockpit is running at http://localhost:${server.port}`,
    `  database: ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded, in ${path.join(dataDir, 'pgdata')}`}` +
      (server.seeded
        ? `, demo data created (${demoOrderCounts({ ordersPerTenant: seedOrders, ordersByTenant: seedTenantOrders })
            .map((count, index) => `${count} orders for ${DEMO_TENANTS[index]?.name ?? ''}`)
            .join(', ')})`
        : ''),
    `  ready in ${seconds} s${simulate ? '; the demo simulator changes orders every few seconds (SIMULATE=0 turns it off)' : ''}`,
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
    ...DEMO_TENANTS.map((tenant) => `  ${tenant.user.email.padEnd(width)}  ${tenant.name} (${tenant.user.language})`),
    '',
    'Press Ctrl-C to stop.',
    '',
  ];
  process.stdout.write(lines.join('\n'));

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      process.stdout.write(`${signal} again: stopping at once.\n`);
      process.exit(1);
    }
    stopping = true;
    process.stdout.write(`\n${signal}: stopping…\n`);
    server.close().then(
      () => {
        process.stdout.write('Stopped.\n');
        process.exit(0);
      },
      (error: unknown) => {
        process.stderr.write(`Stopping failed: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(
    code === 'EADDRINUSE' ? `Cannot start: the port is in use (${message}). Set PORT to another one.\n` : `Cannot start: ${message}\n`,
  );
  process.exit(1);
});
