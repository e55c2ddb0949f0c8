import { setTimeout as delay } from 'node:timers/promises';
import type { Disposable } from '../../shared/Disposable';
import type { EventHub, StoredEvent } from '../events/EventHub';
import { ConcurrencyLimit } from '../limits/ConcurrencyLimit';
import { newOrderFacts, newOrderNotification } from './orderNotification';
import type { PushClaims } from './PushClaims';
import { isLastingRefusal, type PushEndpointPolicy } from './PushEndpointPolicy';
import type { PushSubscriptionRepository, StoredPushSubscription } from './PushSubscriptionRepository';
import type { PushAnswer, PushSendOptions, PushTransport } from './PushTransport';
import { retryAfterMs } from '../../shared/retryAfter';

/** Where the sender reports what went wrong (the app's logger). */
export interface PushLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Waits `ms`; rejects (or resolves early) when `signal` aborts. */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

export interface OrderPushSenderOptions {
  /** Messages sent at the same time, over all tenants. Default 8. */
  concurrency?: number;
  /** Messages waiting for a free place at most; more are dropped (and logged). Default 10 000. */
  maxWaiting?: number;
  /**
   * The longest `Retry-After` a 429 is waited for before its one retry. A longer one drops the message
   * (retrying earlier than asked would only be refused again). Default 60 s.
   */
  maxRetryWaitMs?: number;
  /** How the retry waits. Default: a timer. */
  sleep?: Sleep;
  /**
   * How long this process's claim on a new order's pushes holds (see `PushClaims`); one not done by
   * then (the process died while sending) is taken over by another process. Default 2 minutes.
   */
  claimTimeoutMs?: number;
  /** Time between two looks for such claims. Default 30 s. */
  claimSweepMs?: number;
}

export interface OrderPushSenderDeps {
  hub: EventHub;
  subscriptions: PushSubscriptionRepository;
  transport: PushTransport;
  /** Checked before every message: an endpoint it refuses is not contacted. */
  endpoints: Pick<PushEndpointPolicy, 'check'>;
  clock: () => Date;
  log: PushLog;
  /**
   * Where the process that sends an event's pushes is decided, when several processes hear every
   * event: it sends only what it claims. Without it, every event heard is sent (one process alone).
   */
  claims?: PushClaims;
}

/** Every push: kept an hour by the push service (a new order an hour later is old news), normal urgency. */
export const PUSH_SEND_OPTIONS: PushSendOptions = { ttlSeconds: 3600, urgency: 'normal' };

const DEFAULT_CONCURRENCY = 8;
const DEFAULT_MAX_WAITING = 10_000;
const DEFAULT_MAX_RETRY_WAIT_MS = 60_000;
/** The wait before the retry of a 429 that names none. */
const DEFAULT_RETRY_WAIT_MS = 5_000;
export const DEFAULT_CLAIM_TIMEOUT_MS = 2 * 60_000;
const DEFAULT_CLAIM_SWEEP_MS = 30_000;
/** Claims taken over at one look. */
const CLAIM_SWEEP_BATCH = 100;

const sleepWithTimer: Sleep = (ms, signal) => delay(ms, undefined, { signal });

/**
 * Sends a web push for every new order (`order.created` from the hub) to every subscription of the
 * order's tenant, in its user's language. Runs apart from the change: the hub hands it committed
 * events, and it only starts work there, so a slow or failing push service never delays or fails an
 * order change. Per message: 404 or 410 deletes the subscription, 429 is retried once after its
 * `Retry-After`, anything else is logged. Before every message (and its retry) the endpoint is
 * checked again: one the endpoint policy refuses is not contacted and its subscription is deleted,
 * unless only its name did not resolve just now (then it is kept, like after a network error).
 *
 * With `claims` (always so in the app), an event is sent by the one process that claims it first
 * (every process on the database hears it); the claim is marked done once its messages are out.
 * Every `claimSweepMs` the sender takes over claims of other processes that ran out undone (that
 * process died, or stopped while sending) and sends those events, as long as their pushes are not
 * out of date (an hour, their TTL). Taken over, an event is sent to all its subscriptions again; a
 * browser shows the notification once, since a second one with the same `tag` replaces the first.
 */
export class OrderPushSender {
  private subscription: Disposable | undefined;
  private readonly work = new Set<Promise<void>>();
  private readonly stopping = new AbortController();
  private readonly limit: ConcurrencyLimit;
  private readonly maxRetryWaitMs: number;
  private readonly sleep: Sleep;
  private readonly claimSweepMs: number;
  private sweepTimer: NodeJS.Timeout | undefined;
  private sweeping = false;

  constructor(
    private readonly deps: OrderPushSenderDeps,
    options: OrderPushSenderOptions = {},
  ) {
    this.limit = new ConcurrencyLimit(options.concurrency ?? DEFAULT_CONCURRENCY, options.maxWaiting ?? DEFAULT_MAX_WAITING);
    this.maxRetryWaitMs = options.maxRetryWaitMs ?? DEFAULT_MAX_RETRY_WAIT_MS;
    this.sleep = options.sleep ?? sleepWithTimer;
    this.claimSweepMs = options.claimSweepMs ?? DEFAULT_CLAIM_SWEEP_MS;
  }

  /** Listens to the hub. */
  start(): void {
    this.subscription ??= this.deps.hub.subscribeAll((event) => {
      if (event.type === 'order.created' && !this.stopping.signal.aborted) {
        this.track(this.claimAndNotify(event));
      }
    });
    if (this.deps.claims && !this.sweepTimer) {
      this.sweepTimer = setInterval(() => {
        if (!this.stopping.signal.aborted && !this.sweeping) {
          this.sweeping = true;
          this.track(this.takeOverAbandoned().finally(() => (this.sweeping = false)));
        }
      }, this.claimSweepMs);
      // Sweeping alone must not keep a process alive.
      this.sweepTimer.unref();
    }
  }

  /** Stops listening, drops waiting retries and what has not started, and waits for the messages under way. */
  async stop(): Promise<void> {
    this.subscription?.dispose();
    clearInterval(this.sweepTimer);
    this.stopping.abort();
    await this.idle();
    // What this process claimed and did not finish is for another process to send, at once.
    await this.deps.claims?.abandonOwn().catch((error: unknown) => this.deps.log.error({ err: error }, 'web push: releasing the claims failed'));
  }

  /** Takes over claims that ran out undone (now; for tests, otherwise every `claimSweepMs`). */
  async takeOverAbandoned(): Promise<void> {
    const claims = this.deps.claims;
    if (!claims) return;
    try {
      const events = await claims.takeOverAbandoned(PUSH_SEND_OPTIONS.ttlSeconds * 1000, CLAIM_SWEEP_BATCH);
      for (const event of events) {
        this.track(this.notifyClaimed(event));
      }
    } catch (error) {
      if (!this.stopping.signal.aborted) {
        this.deps.log.error({ err: error }, 'web push: taking over abandoned pushes failed');
      }
    }
  }

  private async claimAndNotify(event: StoredEvent): Promise<void> {
    try {
      if (this.deps.claims && !(await this.deps.claims.claim(event.tenantId, event.id))) {
        return;
      }
    } catch (error) {
      if (!this.stopping.signal.aborted) {
        this.deps.log.error({ err: error, tenantId: event.tenantId, eventId: event.id }, 'web push: claiming a new order failed');
      }
      return;
    }
    await this.notifyClaimed(event);
  }

  /** Sends the claimed event, and marks its claim done unless stopping cut it short. */
  private async notifyClaimed(event: StoredEvent): Promise<void> {
    await this.notify(event);
    if (this.deps.claims && !this.stopping.signal.aborted) {
      await this.deps.claims
        .done(event.tenantId, event.id)
        .catch((error: unknown) => this.deps.log.error({ err: error, eventId: event.id }, 'web push: marking a push as sent failed'));
    }
  }

  /** Resolves once nothing is being sent or waiting (for tests and for `stop`). */
  async idle(): Promise<void> {
    while (this.work.size > 0) {
      await Promise.allSettled([...this.work]);
    }
  }

  private track(task: Promise<void>): void {
    this.work.add(task);
    void task.finally(() => this.work.delete(task));
  }

  private async notify(event: StoredEvent): Promise<void> {
    try {
      const order = newOrderFacts(event.data);
      if (!order) {
        this.deps.log.error({ tenantId: event.tenantId, eventId: event.id }, 'web push: the order.created event carries no order');
        return;
      }
      const subscriptions = await this.deps.subscriptions.ofTenant(event.tenantId);
      const now = this.deps.clock().getTime();
      await Promise.all(
        subscriptions.map(async (subscription) => {
          if (subscription.expirationTime !== null && Date.parse(subscription.expirationTime) <= now) {
            await this.deps.subscriptions.discard(subscription.endpoint);
            return;
          }
          const payload = newOrderNotification(order, subscription.language);
          if (!payload) {
            this.deps.log.error({ orderId: order.id }, 'web push: the notification does not fit into a push message');
            return;
          }
          const started = await this.limit.run(() => this.deliver(subscription, JSON.stringify(payload)));
          if (!started) {
            this.deps.log.warn({ orderId: order.id }, 'web push: too many messages waiting; one was dropped');
          }
        }),
      );
    } catch (error) {
      if (!this.stopping.signal.aborted) {
        this.deps.log.error({ err: error, tenantId: event.tenantId, eventId: event.id }, 'web push: sending a new order failed');
      }
    }
  }

  private async deliver(subscription: StoredPushSubscription, payload: string): Promise<void> {
    if (this.stopping.signal.aborted) {
      return;
    }
    const origin = safeOrigin(subscription.endpoint);
    const send = () => this.sendIfAllowed(subscription, payload, origin);
    try {
      let answer = await send();
      if (!answer) {
        return;
      }
      if (answer.statusCode === 429) {
        const wait = retryAfterMs(answer.retryAfter, this.deps.clock().getTime()) ?? DEFAULT_RETRY_WAIT_MS;
        if (wait > this.maxRetryWaitMs) {
          this.deps.log.warn({ origin, retryAfter: answer.retryAfter }, 'web push: rate limited for longer than we wait; message dropped');
          return;
        }
        try {
          await this.sleep(wait, this.stopping.signal);
        } catch {
          return;
        }
        if (this.stopping.signal.aborted) {
          return;
        }
        answer = await send();
        if (!answer) {
          return;
        }
      }
      if (answer.statusCode === 404 || answer.statusCode === 410) {
        await this.deps.subscriptions.discard(subscription.endpoint);
      } else if (answer.statusCode < 200 || answer.statusCode > 299) {
        this.deps.log.warn({ origin, statusCode: answer.statusCode }, 'web push: the push service refused a message');
      }
    } catch (error) {
      this.deps.log.warn({ err: error, origin }, 'web push: a message could not be sent');
    }
  }

  /** Sends when the endpoint policy admits the endpoint now; answers nothing when it was not contacted. */
  private async sendIfAllowed(subscription: StoredPushSubscription, payload: string, origin: string): Promise<PushAnswer | undefined> {
    const verdict = await this.deps.endpoints.check(subscription.endpoint);
    if (verdict.accepted) {
      const target = { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } };
      return this.deps.transport.send(target, payload, PUSH_SEND_OPTIONS);
    }
    if (isLastingRefusal(verdict.reason)) {
      await this.deps.subscriptions.discard(subscription.endpoint);
      this.deps.log.warn({ origin, reason: verdict.reason }, 'web push: endpoint refused; subscription deleted, nothing sent');
    } else {
      this.deps.log.warn({ origin, reason: verdict.reason }, 'web push: the endpoint\'s name did not resolve; nothing sent');
    }
    return undefined;
  }
}

/** The push service's origin, for logs: the endpoint's path is a capability and stays out of them. */
function safeOrigin(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return '?';
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's web push sender; `idle()` tells when the pushes of the new orders so far are out. */
    pushSender: OrderPushSender;
  }
}
