import path from 'node:path';
import { ConfigError, loadConfig } from '../../../server/config/loadConfig';
import { inProcessConfig } from '../../../server/config/inProcessConfig';
import { packageVersion, REPOSITORY_ROOT } from '../../../server/config/repository';
import { randomVapidKeys } from '../../../server/push/vapidKeys';

/** What loadConfig says of `env`: its message when it refuses it. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`${JSON.stringify(env)} was taken`);
}

describe('loadConfig: the environment of server/main.ts as one typed configuration', () => {
  it('gives the program\'s defaults for an empty environment', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: 'localhost',
      database: path.resolve('data'),
      databaseUrl: undefined,
      workers: 1,
      seedOrders: 5000,
      seedTenantOrders: undefined,
      seedNow: undefined,
      staticDir: path.join(REPOSITORY_ROOT, 'dist'),
      serveSourceMaps: false,
      jwtSecret: undefined,
      vapidKeys: undefined,
      vapidSubject: 'mailto:operations@order-cockpit.example',
      push: { endpoints: { serviceHosts: undefined, allowedHosts: undefined } },
      release: packageVersion(),
      productionHost: 'cockpit.example.com',
      logger: { level: 'warn' },
      simulate: false,
      telemetry: { collectorEndpoint: undefined },
      leases: { ttlMs: 15_000 },
      events: { presenceTtlMs: 15_000 },
      tokenTtlSeconds: 900,
      sessionMaxSeconds: 12 * 60 * 60,
      sessionIdleMinutes: 30,
      trustProxy: [],
    });
  });

  it('reads every variable, trimmed; an empty or blank one counts as unset', () => {
    const keys = randomVapidKeys();
    const config = loadConfig({
      PORT: ' 9090 ',
      HOST: '0.0.0.0',
      DATA_DIR: 'elsewhere',
      DATABASE_URL: 'postgres://db/cockpit',
      WORKERS: '4',
      JWT_SECRET: 'x'.repeat(32),
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'https://ops.example.com',
      PUSH_SERVICE_HOSTS: 'fcm.googleapis.com, *.push.apple.com',
      PUSH_ALLOWED_HOSTS: 'push.internal:8443, ,127.0.0.1:9',
      SEED_ORDERS: '0',
      SEED_TENANT_ORDERS: 'AN=1000000,cf:7',
      SEED_NOW: '2026-11-26T00:00:00+01:00',
      PRODUCTION_HOST: 'cockpit.example.org',
      RELEASE: '2030.1.0',
      STATIC_DIR: 'build',
      SERVE_SOURCE_MAPS: '1',
      LOG_LEVEL: 'info',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      SIMULATE: '1',
      TRUST_PROXY: 'loopback, 10.0.0.0/8,',
      TOKEN_TTL_SECONDS: '60',
      SESSION_MAX_HOURS: '2',
      SESSION_IDLE_MINUTES: '5',
      LEASE_SECONDS: '3',
      PRESENCE_TTL: ' 4 ',
      HOME: '/not/a/setting',
    });
    expect(config).toEqual({
      port: 9090,
      host: '0.0.0.0',
      database: path.resolve('elsewhere'),
      databaseUrl: 'postgres://db/cockpit',
      workers: 4,
      seedOrders: 0,
      seedTenantOrders: { AN: 1_000_000, CF: 7 },
      seedNow: new Date('2026-11-25T23:00:00.000Z'),
      staticDir: path.resolve('build'),
      serveSourceMaps: true,
      jwtSecret: 'x'.repeat(32),
      vapidKeys: { publicKey: keys.publicKey, privateKey: keys.privateKey },
      vapidSubject: 'https://ops.example.com',
      push: { endpoints: { serviceHosts: ['fcm.googleapis.com', 'push.apple.com'], allowedHosts: ['push.internal:8443', '127.0.0.1:9'] } },
      release: '2030.1.0',
      productionHost: 'cockpit.example.org',
      logger: { level: 'info' },
      simulate: true,
      telemetry: { collectorEndpoint: 'http://collector:4318' },
      leases: { ttlMs: 3000 },
      events: { presenceTtlMs: 4000 },
      tokenTtlSeconds: 60,
      sessionMaxSeconds: 2 * 60 * 60,
      sessionIdleMinutes: 5,
      trustProxy: ['loopback', '10.0.0.0/8'],
    });
    expect(loadConfig({ PORT: '', SEED_ORDERS: '   ', SIMULATE: ' ', SEED_NOW: '' })).toEqual(loadConfig({}));
  });

  it.each([
    ['PORT', '65536', 'PORT must be a whole number from 0 to 65535, not "65536"'],
    ['PORT', '-1', 'PORT must be a whole number from 0 to 65535, not "-1"'],
    ['PORT', 'http', 'PORT must be a whole number from 0 to 65535, not "http"'],
    ['PORT', '80.5', 'PORT must be a whole number from 0 to 65535, not "80.5"'],
    ['WORKERS', '0', 'WORKERS must be a whole number from 1 to 256, not "0"'],
    ['WORKERS', '257', 'WORKERS must be a whole number from 1 to 256, not "257"'],
    ['SEED_ORDERS', '10000001', 'SEED_ORDERS must be a whole number from 0 to 10000000, not "10000001"'],
    ['TOKEN_TTL_SECONDS', '29', 'TOKEN_TTL_SECONDS must be a whole number from 30 to 86400, not "29"'],
    ['SESSION_MAX_HOURS', '721', 'SESSION_MAX_HOURS must be a whole number from 1 to 720, not "721"'],
    ['SESSION_IDLE_MINUTES', '0', 'SESSION_IDLE_MINUTES must be a whole number from 1 to 1440, not "0"'],
    ['LEASE_SECONDS', '3601', 'LEASE_SECONDS must be a whole number from 1 to 3600, not "3601"'],
    ['PRESENCE_TTL', '0', 'PRESENCE_TTL must be a whole number from 1 to 300, not "0"'],
    ['SIMULATE', 'yes', 'SIMULATE must be 0 or 1, not "yes"'],
    ['SERVE_SOURCE_MAPS', 'true', 'SERVE_SOURCE_MAPS must be 0 or 1, not "true"'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent, not "loud"'],
    ['SEED_NOW', 'yesterday', 'SEED_NOW must be an instant such as 2026-11-26T00:00:00+01:00, not "yesterday"'],
    ['SEED_NOW', '2026-02-30T00:00:00Z', 'SEED_NOW must be an instant such as 2026-11-26T00:00:00+01:00, not "2026-02-30T00:00:00Z"'],
    ['SEED_TENANT_ORDERS', 'XX=5', 'SEED_TENANT_ORDERS: expected PREFIX=COUNT[,PREFIX=COUNT] with PREFIX one of AN, CF'],
    ['PUSH_SERVICE_HOSTS', 'com', 'PUSH_SERVICE_HOSTS: "com" is no DNS name of at least two labels'],
    ['PUSH_SERVICE_HOSTS', 'push.localhost', 'PUSH_SERVICE_HOSTS: "push.localhost" is a name of this machine'],
    ['VAPID_SUBJECT', 'ops@example.com', 'VAPID_SUBJECT must be a mailto: address or an https: URL, not "ops@example.com"'],
    ['JWT_SECRET', 'short', 'JWT_SECRET must be at least 32 bytes long'],
  ])('refuses %s=%j, naming the variable', (name, value, message) => {
    expect(refusal({ [name]: value })).toContain(message);
  });

  it('names every variable that is wrong at once', () => {
    expect(refusal({ PORT: 'x', SIMULATE: '2' })).toBe('PORT must be a whole number from 0 to 65535, not "x"; SIMULATE must be 0 or 1, not "2"');
  });

  it('takes a VAPID key pair whole or not at all, and only a matching one', () => {
    const keys = randomVapidKeys();
    expect(refusal({ VAPID_PUBLIC_KEY: keys.publicKey })).toBe('set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
    expect(refusal({ VAPID_PRIVATE_KEY: keys.privateKey })).toBe('set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
    expect(refusal({ VAPID_PUBLIC_KEY: randomVapidKeys().publicKey, VAPID_PRIVATE_KEY: keys.privateKey })).toBe(
      'VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY',
    );
  });

  it('runs several processes on PostgreSQL only', () => {
    expect(refusal({ WORKERS: '2' })).toMatch(/^WORKERS=2 needs PostgreSQL: set DATABASE_URL/);
    expect(loadConfig({ WORKERS: '2', DATABASE_URL: 'postgres://db/cockpit' }).workers).toBe(2);
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
  });
});

describe('inProcessConfig: the defaults of a backend started from code', () => {
  it('serves on a free loopback port from memory, with 200 orders per tenant, quietly', () => {
    const config = inProcessConfig();
    expect(config).toEqual(expect.objectContaining({ port: 0, host: '127.0.0.1', database: 'memory', seedOrders: 200, simulate: false, trustProxy: [] }));
    expect(config.logger).toBeUndefined();
  });

  it('layers what is given on them; a field given as undefined keeps its default', () => {
    const clock = () => new Date(0);
    const config = inProcessConfig({ seedOrders: 5, clock, port: undefined });
    expect(config.seedOrders).toBe(5);
    expect(config.clock).toBe(clock);
    expect(config.port).toBe(0);
  });

  it('is overridden whole by the program\'s configuration', () => {
    const program = loadConfig({});
    expect(inProcessConfig(program)).toEqual(program);
  });
});
