import { nextStatuses, type OrderStatus } from '../../shared/OrderStatus';
import type { Database } from '../db/Database';
import { DoubleBookingRefused } from '../orders/doubleBookings';
import type { OrderRepository } from '../orders/OrderRepository';
import { DEMO_TENANTS, type DemoTenant } from '../seed/demoAccounts';
import { ORDER_PROFILES } from '../seed/orderProfiles';
import { demoOrder } from './demoOrder';
import { wallTime, weekOf } from './zonedTime';
import type { OrderActor } from '../../shared/OrderHistory';

export const DEFAULT_SIMULATOR_INTERVAL_MS = 4000;

export interface SimulatorOptions {
  /** Time between two steps. Default 4 s. */
  intervalMs?: number;
  /** Random numbers in [0, 1). Default `Math.random`. */
  random?: () => number;
}

export interface SimulatorDeps {
  database: Database;
  /** Where it writes: each change is stored with its event, which the repository publishes once committed. */
  orders: OrderRepository;
  clock: () => Date;
  onError: (error: unknown) => void;
}

interface SimulatedTenant {
  id: string;
  demo: DemoTenant;
}

/** Share of steps that create an order rather than move one along. */
const CREATE_SHARE = 0.3;
/** Share of moves from `new` or `confirmed` that cancel. */
const CANCEL_SHARE = 0.1;
/** The states an order can still move on from, as `status_rank` (migration 001). */
/** The simulator's changes say so in the history and the live events. */
const SIMULATOR: OrderActor = { type: 'simulator' };

const OPEN_STATES: readonly { status: OrderStatus; rank: number }[] = [
  { status: 'new', rank: 1 },
  { status: 'confirmed', rank: 2 },
  { status: 'in_progress', rank: 3 },
];

/**
 * Keeps the demo alive: every few seconds, in each demo tenant, creates an order or moves one of the
 * current week along its life cycle (`new → confirmed → in_progress → completed`, now and then
 * `cancelled`). Writes through `OrderRepository` like the API, so that every change is stored with
 * its event and announced on the hub by the repository: the consoles that are open see it happen.
 */
export class DemoSimulator {
  private readonly random: () => number;
  private readonly intervalMs: number;
  private tenants: SimulatedTenant[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly deps: SimulatorDeps,
    options: SimulatorOptions = {},
  ) {
    this.random = options.random ?? Math.random;
    this.intervalMs = options.intervalMs ?? DEFAULT_SIMULATOR_INTERVAL_MS;
  }

  /** Finds the demo tenants (none: nothing to do) and takes the first step after one interval. */
  async start(): Promise<void> {
    const rows = await this.deps.database.query<{ id: string; name: string }>('SELECT id, name FROM tenants WHERE name = ANY($1::text[])', [
      DEMO_TENANTS.map((tenant) => tenant.name),
    ]);
    this.tenants = rows.flatMap((row) => {
      const demo = DEMO_TENANTS.find((tenant) => tenant.name === row.name);
      return demo ? [{ id: row.id, demo }] : [];
    });
    this.schedule();
  }

  /** Stops, waiting for a step under way (the database may be closed afterwards). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** One step in every demo tenant. */
  async step(): Promise<void> {
    for (const tenant of this.tenants) {
      if (this.stopped) return;
      const moved = this.random() >= CREATE_SHARE && (await this.advance(tenant));
      if (!moved) {
        const now = this.deps.clock();
        const order = demoOrder(ORDER_PROFILES[tenant.demo.profile], now, this.random);
        await this.create(tenant, order, now);
      }
    }
  }

  /**
   * Books `order` as an operator who does not confirm a double booking would: a vehicle the demo
   * already booked at an overlapping time is not booked again, and the step creates nothing.
   */
  private async create(tenant: SimulatedTenant, order: ReturnType<typeof demoOrder>, now: Date): Promise<void> {
    try {
      await this.deps.orders.create(tenant.id, this.numberPrefix(tenant), order, now, SIMULATOR);
    } catch (error) {
      if (!(error instanceof DoubleBookingRefused)) throw error;
    }
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.step()
        .catch(this.deps.onError)
        .finally(() => {
          this.running = undefined;
          this.schedule();
        });
    }, this.intervalMs);
  }

  /** `AN-2026-`: the tenant's prefix and the year in its time zone, as the demo data numbers orders. */
  private numberPrefix(tenant: SimulatedTenant): string {
    return `${tenant.demo.orderPrefix}-${wallTime(this.deps.clock(), ORDER_PROFILES[tenant.demo.profile].timeZone).year}-`;
  }

  /**
   * Moves an open order of the current week one step along; false when there is none. The order is
   * the first at or after a random instant of the week in a random open state (from the week's
   * start when none follows), found on the index by tenant, state and begin.
   */
  private async advance(tenant: SimulatedTenant): Promise<boolean> {
    const now = this.deps.clock();
    const week = weekOf(now, ORDER_PROFILES[tenant.demo.profile].timeZone);
    const from = new Date(week.start.getTime() + this.random() * (week.end.getTime() - week.start.getTime())).toISOString();
    const states = [...OPEN_STATES];
    for (let index = states.length - 1; index > 0; index--) {
      const other = Math.floor(this.random() * (index + 1));
      [states[index], states[other]] = [states[other] as (typeof states)[number], states[index] as (typeof states)[number]];
    }
    for (const { rank } of states) {
      for (const [lower, upper] of [
        [from, week.end.toISOString()],
        [week.start.toISOString(), from],
      ]) {
        const [order] = await this.deps.database.query<{ id: string; status: OrderStatus; version: number }>(
          `SELECT id, status, version FROM orders
            WHERE tenant_id = $1::uuid AND status_rank = $2 AND begin_at >= $3::timestamptz AND begin_at < $4::timestamptz
            ORDER BY begin_at, id LIMIT 1`,
          [tenant.id, rank, lower ?? '', upper ?? ''],
        );
        if (order) {
          // Refused (nothing written) when someone changed the order meanwhile: that is a move, too.
          await this.deps.orders.update(tenant.id, order.id, order.version, { status: this.nextStatus(order.status) }, now, SIMULATOR);
          return true;
        }
      }
    }
    return false;
  }

  private nextStatus(status: OrderStatus): OrderStatus {
    const next = nextStatuses(status);
    const onward = next.filter((candidate) => candidate !== 'cancelled');
    return next.includes('cancelled') && (onward.length === 0 || this.random() < CANCEL_SHARE) ? 'cancelled' : (onward[0] ?? status);
  }
}
