// The live part of `npm run bench`: 1 000 order changes a second for 10 s into an open console that
// shows 10 000 orders, in Chromium with the CPU slowed down four times. Measures, per change, the time
// from its event leaving the backend (published to the tenant's streams, after its commit) to the row
// showing it on screen, and the longest main-thread task meanwhile.
import type { Page } from 'playwright-core';
import type { EventHub } from '../../../server/events/EventHub';
import { OrderRepository } from '../../../server/orders/OrderRepository';
import { DEMO_TENANTS } from '../../../server/seed/demoAccounts';
import { startServer } from '../../../server/startServer';
import { CPU_THROTTLING, launchBenchChromium, newBenchContext, throttleCpu } from '../shared/chromium';
import { percentileOfSorted } from '../shared/percentile';
import { signInThroughForm } from '../shared/signIn';

export interface LiveBenchResult {
  orders: number;
  eventsPerSecondAsked: number;
  eventsPerSecondReached: number;
  events: number;
  /** Changes whose row showed them (or a later change of the same row). */
  measured: number;
  p50: number;
  p95: number;
  max: number;
  longestTaskMs: number;
  /** Tasks of 50 ms and more meanwhile, over `seconds`. */
  longTasks: number;
  seconds: number;
  cpuThrottling: number;
}

const ORDERS = 10_000;
const RATE = 1000;
const SECONDS = 10;
/** The rows the changes go to: the first ones on screen. */
const VISIBLE_TARGETS = 20;

/** The `p`th percentile of `sorted`, 0 for none. */
function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : percentileOfSorted(sorted, p);
}

/** Starts watching the grid: each frame, which change (`B-<n>` in the station column) each row shows. */
async function watchRows(page: Page): Promise<void> {
  await page.evaluate(() => {
    const state = window as unknown as { __seen: [string, number, number][]; __longest: number; __long: number };
    state.__seen = [];
    state.__longest = 0;
    state.__long = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        state.__longest = Math.max(state.__longest, entry.duration);
        state.__long++;
      }
    }).observe({ type: 'longtask', buffered: false });
    const shown = new Map<string, number>();
    let pending = false;
    const grid = document.querySelector('[role="grid"]');
    new MutationObserver(() => {
      if (pending) {
        return;
      }
      pending = true;
      // Read after the frame's rendering work, as close to the paint as a page can.
      requestAnimationFrame(() => {
        pending = false;
        const now = performance.timeOrigin + performance.now();
        for (const row of document.querySelectorAll('[role="row"][data-order-id]')) {
          const match = /B-(\d+)/.exec(row.textContent ?? '');
          const id = row.getAttribute('data-order-id');
          if (match && id && shown.get(id) !== Number(match[1])) {
            shown.set(id, Number(match[1]));
            state.__seen.push([id, Number(match[1]), now]);
          }
        }
      });
    }).observe(grid ?? document.body, { subtree: true, childList: true, characterData: true });
  });
}

export async function runLiveBench(): Promise<LiveBenchResult> {
  const tenant = DEMO_TENANTS[0];
  if (!tenant) {
    throw new Error('no demo tenant');
  }
  const server = await startServer({ seedOrders: 10, seedTenantOrders: { [tenant.orderPrefix]: ORDERS } });
  const browser = await launchBenchChromium();
  try {
    const [owner] = await server.database.query<{ id: string }>('SELECT tenant_id AS id FROM orders WHERE number LIKE $1 LIMIT 1', [
      `${tenant.orderPrefix}-%`,
    ]);
    if (!owner) {
      throw new Error('no orders seeded');
    }
    const tenantId = owner.id;
    const context = await newBenchContext(browser, { baseURL: server.url });
    const page = await context.newPage();
    await signInThroughForm(page, tenant.user.email);
    // Every seeded order in range: the days around today the seed spreads them over.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await page.evaluate(
      ([begin, end]) => {
        const state = JSON.parse(localStorage.getItem('cockpit.state') ?? '{}');
        localStorage.setItem('cockpit.state', JSON.stringify({ ...state, orders: { filter: { begin, end } } }));
      },
      [day(-70), day(70)],
    );
    await page.goto('/orders?sort=begin');
    await page.locator('[role="row"][data-order-id]').first().waitFor({ timeout: 60_000 });
    await page.locator('.cockpit-live-indicator[data-state="live"]').waitFor({ timeout: 30_000 });
    await throttleCpu(context, page);

    // The orders on screen, oldest first (the list's sort), with the versions the changes start from.
    const targets = await server.database.query<{ id: string; version: number }>(
      `SELECT id, version FROM orders WHERE tenant_id = $1::uuid AND begin_at <= $2::timestamptz AND end_at >= $3::timestamptz
        ORDER BY begin_at, id LIMIT ${VISIBLE_TARGETS}`,
      [tenantId, new Date(`${day(70)}T23:59:59Z`).toISOString(), new Date(`${day(-70)}T00:00:00Z`).toISOString()],
    );
    const sentAt = new Map<number, { id: string; at: number }>();
    const versions = new Map(targets.map((target) => [target.id, target.version]));
    // The change each order's next event carries, by order id (a row changes at most once a batch).
    const seqOf = new Map<string, number>();
    // The backend's hub, with each event's time of leaving taken as the repository hands it over
    // (after its commit), just before it reaches the tenant's streams, which write it at once.
    const hub = server.events;
    const leaving: EventHub = {
      publish: (event) => {
        const at = performance.timeOrigin + performance.now();
        hub.publish(event);
        const { id } = JSON.parse(event.data) as { id: string };
        sentAt.set(seqOf.get(id) ?? 0, { id, at });
      },
      subscribe: (tenant, listener) => hub.subscribe(tenant, listener),
      subscribeAll: (listener) => hub.subscribeAll(listener),
    };
    const repository = new OrderRepository(server.database, leaving);
    await watchRows(page);

    const started = Date.now();
    let sequence = 0;
    const total = RATE * SECONDS;
    // Sends on a fixed schedule. The changes due by now go to the database together, in one
    // transaction (`updateMany`): one at a time, the embedded database takes about 400 a second.
    // At most one change per row in a batch, as a row's next change starts from its new version.
    while (sequence < total) {
      const wait = started + (sequence * 1000) / RATE - Date.now();
      if (wait > 1) {
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
      const dueByNow = Math.floor(((Date.now() - started) * RATE) / 1000) + 1 - sequence;
      const batch = Array.from({ length: Math.max(1, Math.min(dueByNow, total - sequence, targets.length)) }, (_, offset) => {
        const seq = sequence + 1 + offset;
        return { seq, target: targets[seq % targets.length] as { id: string; version: number } };
      });
      sequence += batch.length;
      for (const { seq, target } of batch) seqOf.set(target.id, seq);
      // Each committed change leaves the backend as the repository publishes it (`leaving` above).
      const changes = await repository.updateMany(
        tenantId,
        batch.map(({ seq, target }) => ({ id: target.id, version: versions.get(target.id) ?? 1, changes: { station: `B-${seq}` } })),
        new Date(),
      );
      for (const change of changes) versions.set(change.record.id, change.record.version);
    }
    const elapsed = (Date.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const { seen, longest, long } = await page.evaluate(() => {
      const state = window as unknown as { __seen: [string, number, number][]; __longest: number; __long: number };
      return { seen: state.__seen, longest: state.__longest, long: state.__long };
    });
    // A change counts as shown when its row first shows it or a later change of the same row.
    const byRow = new Map<string, [number, number][]>();
    for (const [id, seq, at] of seen) {
      byRow.set(id, [...(byRow.get(id) ?? []), [seq, at]]);
    }
    const latencies: number[] = [];
    for (const [seq, { id, at }] of sentAt) {
      const shown = byRow.get(id)?.find(([shownSeq]) => shownSeq >= seq);
      if (shown) {
        latencies.push(Math.max(0, shown[1] - at));
      }
    }
    latencies.sort((a, b) => a - b);
    return {
      orders: ORDERS,
      eventsPerSecondAsked: RATE,
      eventsPerSecondReached: Math.round(sentAt.size / elapsed),
      events: sentAt.size,
      measured: latencies.length,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      max: latencies.at(-1) ?? 0,
      longestTaskMs: longest,
      longTasks: long,
      seconds: elapsed,
      cpuThrottling: CPU_THROTTLING,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
