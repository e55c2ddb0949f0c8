import { existsSync } from 'node:fs';
import path from 'node:path';
import type { BackendConfig } from '../config/BackendConfig';
import { DEMO_PASSWORD, DEMO_TENANTS, demoUsersOf } from '../seed/demoAccounts';
import { demoOrderCounts } from '../seed/seedDemoData';

export interface Ready {
  port: number;
  seeded: boolean;
  /** Seconds from the start to serving, as shown. */
  seconds: string;
  /** The worker processes of `WORKERS=N`. */
  pids?: number[];
}

function logLevelOf(config: Pick<BackendConfig, 'logger'>): string {
  const { logger } = config;
  return typeof logger === 'object' && logger !== null && 'level' in logger && typeof logger.level === 'string' ? logger.level : 'silent';
}

/** What the program prints once it serves: where, the database, the simulator, telemetry, the demo logins. */
export function banner(config: BackendConfig, ready: Ready): string {
  const { database, databaseUrl, seedOrders, seedTenantOrders, staticDir, simulate } = config;
  const collectorEndpoint = config.telemetry.collectorEndpoint;
  const accounts = DEMO_TENANTS.flatMap((tenant) => demoUsersOf(tenant).map((user) => ({ tenant, user })));
  const width = Math.max(...accounts.map(({ user }) => user.email.length));
  const lines = [
    '',
    `Order Cockpit is running at http://localhost:${ready.port}`,
    `  database: ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded, in ${path.join(database, 'pgdata')}`}` +
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
        : `summarised in the log${['info', 'debug', 'trace'].includes(logLevelOf(config)) ? '' : ' (shown with LOG_LEVEL=info)'}`
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
