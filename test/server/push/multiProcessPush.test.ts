import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PostgresDatabase } from '../../../server/db/PostgresDatabase';
import { InProcessEventHub } from '../../../server/events/InProcessEventHub';
import { OrderRepository } from '../../../server/orders/OrderRepository';
import type { PushNotificationPayload } from '../../../server/push/orderNotification';
import { BackendProcesses, PROCESS_START_TIMEOUT_MS } from '../support/backendProcesses';
import { FakePushService } from '../support/fakePushService';
import { newOrderRecord } from '../support/pushFixtures';
import { createScratchDatabase, describeOnPostgres, type ScratchDatabase } from '../support/scratchDatabase';
import { DEMO_PASSWORD, GERMAN_EMAIL } from '../support/testServer';
import { browserSubscription, decryptWebPush } from '../support/webPushCrypto';

/**
 * Three backend processes on one PostgreSQL: every process hears every new order (the hub on
 * LISTEN/NOTIFY), and each new order is pushed once in all, by the process that claims it.
 */
describeOnPostgres('web push from several backend processes', () => {
  let database: ScratchDatabase;
  let backends: BackendProcesses;
  let service: FakePushService;
  let db: PostgresDatabase;
  const certDir = mkdtempSync(path.join(tmpdir(), 'cockpit-push-ca-'));

  beforeAll(async () => {
    service = await FakePushService.start();
    // The processes trust the fake service's certificate as an extra authority.
    const caFile = path.join(certDir, 'ca.pem');
    writeFileSync(caFile, (service.agent.options as { ca: Buffer }).ca);
    database = await createScratchDatabase('scale_push');
    backends = await BackendProcesses.start(3, {
      databaseUrl: database.url,
      env: { PUSH_ALLOWED_HOSTS: service.host, NODE_EXTRA_CA_CERTS: caFile },
    });
    db = await PostgresDatabase.open(database.url, 2);
  }, 3 * PROCESS_START_TIMEOUT_MS);

  afterAll(async () => {
    await db?.close();
    await backends?.stopAll();
    await database?.drop();
    await service?.close();
    rmSync(certDir, { recursive: true, force: true });
  });

  it('sends each new order once, whichever process wrote it and whichever claimed it', async () => {
    const signedIn = await fetch(`${backends.at(0).url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: GERMAN_EMAIL, password: DEMO_PASSWORD }),
    });
    const { token, user } = (await signedIn.json()) as { token: string; user: { tenant: { id: string } } };
    const browser = browserSubscription(`${service.origin}/send/${randomUUID()}`);
    const subscribed = await fetch(`${backends.at(1).url}/api/push/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(browser.json),
    });
    expect(subscribed.status).toBe(201);

    // Written by a writer none of the backends hears (its hub reaches no one): stored with their
    // events, which the backends read from the table when their poll finds them.
    const orders = new OrderRepository(db, new InProcessEventHub());
    const created: string[] = [];
    for (let index = 0; index < 5; index++) {
      const change = await orders.create(user.tenant.id, 'MP-2026-', newOrderRecord({ customer_name: `Kundin ${index}` }), new Date());
      created.push((JSON.parse(change.event.data) as { id: string }).id);
    }
    await service.until(5, 20_000);
    // Time for any second push to arrive.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const pushed = service.received.map(
      (push) =>
        (JSON.parse(decryptWebPush(push.body, browser.privateKey, Buffer.from(browser.json.keys.auth, 'base64url')).toString('utf8')) as PushNotificationPayload)
          .data.orderId,
    );
    expect(pushed.sort()).toEqual([...created].sort());
    const claims = await db.query<{ claimed_by: string; done: boolean }>('SELECT claimed_by, done_at IS NOT NULL AS done FROM push_claims');
    expect(claims).toHaveLength(5);
    expect(claims.every((claim) => claim.done)).toBe(true);
    const pids = new Set(backends.processes.map((backend) => String(backend.pid)));
    expect(claims.every((claim) => pids.has(claim.claimed_by.split(':')[1] ?? ''))).toBe(true);
  });
});
