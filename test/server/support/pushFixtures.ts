import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../../server/auth/passwords';
import { OrderRepository } from '../../../server/orders/OrderRepository';
import type { OrderRecord } from '../../../server/orders/orderView';
import type { PushAnswer, PushSendOptions, PushTarget, PushTransport } from '../../../server/push/PushTransport';
import type { RunningServer } from '../../../server/startServer';
import type { Language } from '../../../shared/Language';
import type { Order } from '../../../shared/Order';
import { DEMO_PASSWORD } from './testServer';

/**
 * The made-up push service of the tests with a recording transport. It does not resolve (`.example`),
 * so it is allowlisted as an exact host: `push: { endpoints: TEST_PUSH_ENDPOINTS }`.
 */
export const TEST_PUSH_HOST = 'push.example';
export const TEST_PUSH_ENDPOINTS = { allowedHosts: [TEST_PUSH_HOST] };

/** One message handed to the transport. */
export interface SentPush {
  target: PushTarget;
  payload: string;
  options: PushSendOptions;
}

/**
 * A transport that keeps what it is given and answers 201, or what a test scripted for an endpoint
 * (an answer, or an error to throw). `gate` holds every send until it is opened.
 */
export class RecordingPushTransport implements PushTransport {
  readonly sent: SentPush[] = [];
  private readonly scripted = new Map<string, (PushAnswer | Error)[]>();
  private gate: Promise<void> = Promise.resolve();
  private openGate: () => void = () => undefined;
  private readonly waiters = new Set<() => void>();

  script(endpoint: string, ...answers: (PushAnswer | Error)[]): void {
    this.scripted.set(endpoint, [...(this.scripted.get(endpoint) ?? []), ...answers]);
  }

  /** Sends wait until `open()`. */
  hold(): void {
    this.gate = new Promise((resolve) => (this.openGate = resolve));
  }

  open(): void {
    this.openGate();
  }

  async send(target: PushTarget, payload: string, options: PushSendOptions): Promise<PushAnswer> {
    this.sent.push({ target, payload, options });
    for (const wake of this.waiters) wake();
    await this.gate;
    const answer = this.scripted.get(target.endpoint)?.shift() ?? { statusCode: 201 };
    if (answer instanceof Error) throw answer;
    return answer;
  }

  /** Resolves once `count` messages were handed over. */
  async until(count: number, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.sent.length < count) {
      if (Date.now() > deadline) throw new Error(`${this.sent.length} pushes sent, not ${count}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, 50);
        this.waiters.add(wake);
      });
    }
  }

  to(endpoint: string): SentPush[] {
    return this.sent.filter((push) => push.target.endpoint === endpoint);
  }
}

/** Adds a user to a tenant (password: the demo password) and answers its id. */
export async function addUser(server: RunningServer, tenantId: string, email: string, language: Language): Promise<string> {
  const id = randomUUID();
  await server.database.query(
    `INSERT INTO users (id, tenant_id, email, name, password_hash, language) VALUES ($1, $2, $3, $4, $5, $6)`,
    [id, tenantId, email, `User ${email}`, await hashPassword(DEMO_PASSWORD), language],
  );
  return id;
}

let orderSequence = 0;
/** Each order its own vehicle: one plate at overlapping times would be a double booking, refused. */
let plateSequence = 0;

/** A new order of a demo tenant as the repository stores it (`create`), with `changes` over the defaults. */
export function newOrderRecord(changes: Partial<Pick<OrderRecord, 'customer_name' | 'station' | 'begin_at' | 'end_at'>> = {}) {
  return {
    id: randomUUID(),
    status: 'new' as const,
    begin_at: changes.begin_at ?? '2026-06-16T08:00:00.000Z',
    end_at: changes.end_at ?? '2026-06-16T10:00:00.000Z',
    station: changes.station ?? 'Kiel',
    service: 'Inspektion',
    customer_name: changes.customer_name ?? 'Kundin',
    customer_email: 'kundin@kundenpost.example',
    customer_phone: '+49 431 1234567',
    vehicle_plate: `KI-P ${(plateSequence += 1)}`,
    vehicle_make: 'Opel',
    vehicle_model: 'Corsa',
    vehicle_vin: null,
    price_amount: 12_345,
    price_currency: 'EUR',
    notes: '',
  };
}

/**
 * Creates an order as the demo simulator does (the repository writes it with its `order.created`
 * event and publishes it once committed). Answers the order as the API shows it.
 */
export async function createOrder(
  server: RunningServer,
  tenantId: string,
  changes: Partial<Pick<OrderRecord, 'customer_name' | 'station' | 'begin_at' | 'end_at'>> = {},
  now = new Date('2026-06-15T10:00:00.000Z'),
): Promise<Order> {
  orderSequence += 1;
  const change = await new OrderRepository(server.database, server.events).create(
    tenantId,
    'PU-2026-',
    newOrderRecord({ ...changes, customer_name: changes.customer_name ?? `Kundin ${orderSequence}` }),
    now,
  );
  // A hub on PostgreSQL may hold the event until it has read its predecessors: the push sender hears
  // of it only then, so a test waiting for the sender to be idle waits for the hand-over first.
  const hub = server.events as { deliveredId?: (tenantId: string) => number };
  for (const deadline = Date.now() + 5_000; hub.deliveredId && hub.deliveredId(tenantId) < change.event.id && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return JSON.parse(change.event.data) as Order;
}

/** The subscriptions stored, by endpoint. */
export async function storedSubscriptions(server: RunningServer): Promise<{ endpoint: string; user_id: string; tenant_id: string }[]> {
  return server.database.query('SELECT endpoint, user_id, tenant_id FROM push_subscriptions ORDER BY endpoint');
}

/** The German notification of the demo order both push tests create (Jana Petersen, Kiel, 16 June 2026 10:00). */
export function janaPetersensNotification(order: { id: string; number: string }) {
  return {
    title: `Neuer Auftrag ${order.number}`,
    body: 'Jana Petersen\nBeginn: Di., 16.06.2026, 10:00 Uhr · Station: Kiel',
    icon: '/icons/icon-192.png',
    dir: 'ltr',
    lang: 'de',
    tag: `order-${order.id}`,
    data: { url: `/orders/${order.id}`, orderId: order.id },
  };
}
