import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PushSubscriptionRepository } from '../../../server/push/PushSubscriptionRepository';
import { REPOSITORY_ROOT, type RunningServer } from '../../../server/startServer';
import { tenantOf } from '../support/orderFixtures';
import { createOrder, RecordingPushTransport, storedSubscriptions } from '../support/pushFixtures';
import { call, expectProblem, GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer } from '../support/testServer';
import { browserSubscription } from '../support/webPushCrypto';

interface LogLine {
  level: number;
  msg: string;
  origin?: string;
  reason?: string;
  err?: { message?: string; code?: string };
}

const FCM = ['142.250.185.74', '2a00:1450:4001:82b::200a'];
const notFound = (hostname: string) => Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });

describe('push endpoints cannot aim the backend inward', () => {
  const transport = new RecordingPushTransport();
  /** DNS as the tests set it; a name not here does not resolve. */
  const dns = new Map<string, string[]>();
  const asked: string[] = [];
  const logLines: LogLine[] = [];
  let server: RunningServer;
  let token: string;
  let tenantId: string;
  let serial = 0;

  const unique = () => {
    serial += 1;
    return `${serial}-${'a'.repeat(40)}`;
  };
  const subscribe = (endpoint: string, locale?: 'de' | 'en') =>
    call(server, '/api/push/subscriptions', { body: browserSubscription(endpoint).json, token, locale });
  const endpoints = async () => (await storedSubscriptions(server)).map((row) => row.endpoint);

  beforeAll(async () => {
    server = await startTestServer({
      seedOrders: 5,
      logger: { level: 'warn', stream: { write: (line: string) => logLines.push(JSON.parse(line) as LogLine) } },
      push: {
        transport,
        endpoints: {
          resolve: async (hostname) => {
            asked.push(hostname);
            const addresses = dns.get(hostname);
            if (!addresses) throw notFound(hostname);
            return addresses;
          },
        },
      },
    });
    token = (await login(server, GERMAN_EMAIL)).token;
    tenantId = await tenantOf(server, GERMAN_EMAIL);
  }, STARTUP_TIMEOUT_MS);

  beforeEach(async () => {
    await server.app.pushSender.idle();
    await server.database.query('DELETE FROM push_subscriptions');
    transport.sent.length = 0;
    logLines.length = 0;
    dns.clear();
    dns.set('fcm.googleapis.com', FCM);
    asked.length = 0;
  });

  afterAll(() => server?.close());

  describe('subscribing', () => {
    it.each([
      ['Chrome (FCM)', 'fcm.googleapis.com', FCM, 'https://fcm.googleapis.com/fcm/send/'],
      ['Firefox (autopush)', 'updates.push.services.mozilla.com', ['34.117.65.55'], 'https://updates.push.services.mozilla.com/wpush/v2/'],
      ['Edge (WNS)', 'wns2-par02p.notify.windows.com', ['20.43.161.105'], 'https://wns2-par02p.notify.windows.com/w/?token='],
      ['Safari (APNs)', 'web.push.apple.com', ['17.188.182.75', '2620:149:208:4300::5'], 'https://web.push.apple.com/'],
    ])('takes the endpoint of %s: 201', async (_browser, host, addresses, prefix) => {
      dns.set(host, addresses);
      const endpoint = `${prefix}${unique()}`;
      expect((await subscribe(endpoint)).status).toBe(201);
      expect(await endpoints()).toEqual([endpoint]);
    });

    it.each([
      ['loopback', 'https://127.0.0.1:6443/push'],
      ['IPv6 loopback', 'https://[::1]/push'],
      ['IPv4-mapped IPv6 loopback', 'https://[::ffff:127.0.0.1]/push'],
      ['the cloud metadata service', 'https://169.254.169.254/latest/meta-data/'],
      ['a private address (10/8)', 'https://10.0.0.1/push'],
      ['a private address (192.168/16)', 'https://192.168.1.10/push'],
      ['loopback as one hex number', 'https://0x7f000001/push'],
      ['loopback as one decimal number', 'https://2130706433/push'],
      ['loopback in octal', 'https://0177.0.0.1/push'],
      ['loopback shortened', 'https://127.1/push'],
      ['a public IP address', 'https://8.8.8.8/push'],
      ['localhost', 'https://localhost:6443/push'],
      ['localhost with a trailing dot', 'https://localhost./push'],
      ['a name under localhost', 'https://push.localhost/push'],
      ['a name no browser pushes through', 'https://push.attacker.example/push'],
      ['a name that only begins like a push service', 'https://fcm.googleapis.com.attacker.example/push'],
    ])('refuses %s: 422, nothing stored, DNS not asked', async (_case, endpoint) => {
      dns.set('push.attacker.example', ['93.184.215.14']);
      dns.set('fcm.googleapis.com.attacker.example', ['93.184.215.14']);
      const body = await expectProblem(await subscribe(endpoint), 422);
      expect(body.type).toBe('urn:order-cockpit:problem:invalid-value');
      expect(body.errors).toEqual([{ field: 'endpoint', message: 'must be the URL of a known push service on the public internet' }]);
      expect(await endpoints()).toEqual([]);
      expect(asked).toEqual([]);
    });

    it.each([
      ['a private address', ['10.20.30.40']],
      ['loopback', ['127.0.0.1']],
      ['the cloud metadata service', ['169.254.169.254']],
      ['a CGNAT address', ['100.64.0.1']],
      ['a unique-local IPv6 address', ['fd00::1']],
      ['one public and one loopback address', ['17.188.182.75', '::1']],
    ])('refuses a push service name that resolves to %s: 422', async (_case, addresses) => {
      dns.set('inward.push.apple.com', addresses);
      const body = await expectProblem(await subscribe(`https://inward.push.apple.com/${unique()}`), 422);
      expect(body.errors).toEqual([{ field: 'endpoint', message: 'must be the URL of a known push service on the public internet' }]);
      expect(await endpoints()).toEqual([]);
      expect(logLines.map((line) => [line.msg, line.reason])).toEqual([['web push: subscription to an endpoint refused', 'non-public-address']]);
    });

    it('refuses a push service name that does not resolve: 422', async () => {
      await expectProblem(await subscribe(`https://gone.push.apple.com/${unique()}`), 422);
      expect(await endpoints()).toEqual([]);
    });

    it.each([
      ['NUL', '\u0000'],
      ['an escape', '\u001b'],
      ['a C1 control', '\u0085'],
    ])('refuses an endpoint holding %s with 400 naming endpoint, when subscribing and unsubscribing; nothing reaches the database', async (_case, control) => {
      const endpoint = `https://fcm.googleapis.com/fcm/send/${unique()}${control}x`;
      const subscribed = await expectProblem(await subscribe(endpoint), 400);
      expect(subscribed.errors?.map((error) => error.field)).toEqual(['endpoint']);
      const unsubscribed = await expectProblem(await call(server, '/api/push/subscriptions', { method: 'DELETE', body: { endpoint } }), 400);
      expect(unsubscribed.errors?.map((error) => error.field)).toEqual(['endpoint']);
      expect(await endpoints()).toEqual([]);
    });

    it('says so in German for x-ui-locale: de', async () => {
      const body = await expectProblem(await subscribe('https://169.254.169.254/latest/meta-data/', 'de'), 422);
      expect(body.title).toBe('Ungültiger Wert');
      expect(body.errors).toEqual([{ field: 'endpoint', message: 'muss die URL eines bekannten Push-Dienstes im öffentlichen Internet sein' }]);
    });
  });

  describe('sending', () => {
    it('does not contact a push service name that resolves to a private address by now, and deletes its subscription', async () => {
      dns.set('turning.push.apple.com', ['17.188.182.75']);
      const turning = `https://turning.push.apple.com/${unique()}`;
      const fcm = `https://fcm.googleapis.com/fcm/send/${unique()}`;
      expect((await subscribe(turning)).status).toBe(201);
      expect((await subscribe(fcm)).status).toBe(201);
      dns.set('turning.push.apple.com', ['10.0.0.7']);
      await createOrder(server, tenantId);
      await server.app.pushSender.idle();
      expect(transport.to(turning)).toEqual([]);
      expect(transport.to(fcm)).toHaveLength(1);
      expect(await endpoints()).toEqual([fcm]);
      expect(logLines).toEqual([
        expect.objectContaining({
          msg: 'web push: endpoint refused; subscription deleted, nothing sent',
          origin: 'https://turning.push.apple.com',
          reason: 'non-public-address',
        }),
      ]);
    });

    it('does not contact a name that does not resolve now, and keeps its subscription', async () => {
      dns.set('flaky.push.apple.com', ['17.188.182.75']);
      const flaky = `https://flaky.push.apple.com/${unique()}`;
      expect((await subscribe(flaky)).status).toBe(201);
      dns.delete('flaky.push.apple.com');
      await createOrder(server, tenantId);
      await server.app.pushSender.idle();
      expect(transport.sent).toEqual([]);
      expect(await endpoints()).toEqual([flaky]);
      expect(logLines).toEqual([expect.objectContaining({ msg: 'web push: the endpoint\'s name did not resolve; nothing sent', reason: 'unresolvable' })]);
    });

    it('does not contact endpoints stored before they were checked (loopback, metadata, outside the push services), and deletes them', async () => {
      const repository = new PushSubscriptionRepository(server.database);
      const { id: userId } = (await login(server, GERMAN_EMAIL)).user;
      const inward = ['https://127.0.0.1:6443/push', 'https://169.254.169.254/latest/meta-data/', 'https://push.attacker.example/push'];
      dns.set('push.attacker.example', ['93.184.215.14']);
      for (const endpoint of inward) {
        await repository.save(tenantId, userId, browserSubscription(endpoint).json, new Date());
      }
      await createOrder(server, tenantId);
      await server.app.pushSender.idle();
      expect(transport.sent).toEqual([]);
      expect(await endpoints()).toEqual([]);
      expect(logLines.map((line) => line.reason).sort()).toEqual(['ip-address', 'ip-address', 'not-a-push-service']);
    });
  });
});

describe('the default transport connects only where the push service name resolves publicly', () => {
  const logLines: LogLine[] = [];
  const connections: Socket[] = [];
  let listener: Server;
  let port: number;
  let server: RunningServer;
  /** Answers publicly to the first two questions (at subscribing, before sending), then loopback: DNS rebinding. */
  let asked = 0;

  beforeAll(async () => {
    listener = createServer((socket) => {
      connections.push(socket);
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as AddressInfo).port;
    server = await startTestServer({
      seedOrders: 5,
      logger: { level: 'warn', stream: { write: (line: string) => logLines.push(JSON.parse(line) as LogLine) } },
      push: {
        endpoints: {
          resolve: async (hostname) => {
            if (hostname !== 'rebind.push.apple.com') throw notFound(hostname);
            asked += 1;
            return asked <= 2 ? ['17.188.182.75'] : ['127.0.0.1'];
          },
        },
      },
    });
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await server?.close();
    await new Promise<void>((resolve) => listener?.close(() => resolve()));
  });

  it('does not connect to a name that turned to loopback after the check before sending', async () => {
    const token = (await login(server, GERMAN_EMAIL)).token;
    const endpoint = `https://rebind.push.apple.com:${port}/push/1`;
    const response = await call(server, '/api/push/subscriptions', { body: browserSubscription(endpoint).json, token });
    expect(response.status).toBe(201);
    await createOrder(server, await tenantOf(server, GERMAN_EMAIL));
    await server.app.pushSender.idle();
    expect(asked).toBe(3);
    expect(connections).toEqual([]);
    expect(logLines).toEqual([
      expect.objectContaining({ msg: 'web push: a message could not be sent', err: expect.objectContaining({ code: 'ENONPUBLIC' }) }),
    ]);
  });
});

describe('PUSH_SERVICE_HOSTS in the environment of server/main.ts', () => {
  let child: ChildProcess | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cockpit-push-hosts-'));

  afterAll(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'refuses to start with a suffix that would admit too much',
    async () => {
      child = spawn(path.join(REPOSITORY_ROOT, 'node_modules', '.bin', 'tsx'), [path.join(REPOSITORY_ROOT, 'server', 'main.ts')], {
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, SEED_ORDERS: '0', SIMULATE: '0', PORT: '0', HOST: '127.0.0.1', PUSH_SERVICE_HOSTS: 'fcm.googleapis.com, com' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child?.once('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain('Cannot start: PUSH_SERVICE_HOSTS: "com" is no DNS name of at least two labels');
    },
    STARTUP_TIMEOUT_MS,
  );
});
