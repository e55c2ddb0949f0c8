// How a process should learn of the events other processes commit, measured on the cluster bench's
// database once its backends have stopped (server/README.md, Live
// events, "The table is the outbox"): 16 writers run the order change's transaction (UPDATE, event
// counter, event INSERT, history INSERT) straight on PostgreSQL, for a few seconds per way, each way twice
// and interleaved, while one more connection listens or polls as a backend's hub would:
//   - in the transaction: the transaction also runs pg_notify (how the backend did it before);
//   - poll: no notification; the listener reads tenant_event_counters every POLL_MS;
//   - wake-up after the commit: no notification in the transaction; after it, a coalesced pg_notify in
//     a transaction of its own with synchronous_commit off, one at a time (server/events/EventWakeups.ts).
// Figures: changes per second, the writers' p50/p99 statement time, and commit → heard (from the
// writer's answer, which comes after the commit, to the listener learning of the id).
import pg from 'pg';
import { LatencyHistogram } from '../shared/latencyHistogram';

export type WakeupWay = 'in the transaction' | 'poll' | 'wake-up after the commit';

export interface WakeupWayResult {
  way: WakeupWay;
  changesPerSecond: number;
  statement: { p50: number; p99: number };
  heard: { p50: number; p99: number; count: number };
}

export interface WakeupChoiceResult {
  writers: number;
  seconds: number;
  pollMs: number;
  results: WakeupWayResult[];
}

const WRITERS = 16;
const POLL_MS = 50;
const WAYS: readonly WakeupWay[] = ['in the transaction', 'poll', 'wake-up after the commit'];

function changeSql(notify: boolean): string {
  return `WITH changed AS (
     UPDATE orders o SET notes = $3::text, version = o.version + 1, updated_at = date_trunc('milliseconds', now())
      WHERE o.tenant_id = $1::uuid AND o.id = $2::uuid RETURNING o.id
   ), counter AS (
     INSERT INTO tenant_event_counters AS c (tenant_id, last_id) SELECT $1::uuid, 1 FROM changed
     ON CONFLICT (tenant_id) DO UPDATE SET last_id = c.last_id + 1 RETURNING last_id
   ), stored AS (
     INSERT INTO order_events (tenant_id, id, type, data, created_at)
     SELECT $1::uuid, counter.last_id, 'order.updated', $4::text, now() FROM counter
   ), history AS (
     INSERT INTO order_history (tenant_id, order_id, kind, actor, changed_by, changed_at, changes)
     SELECT $1::uuid, changed.id, 'changed', 'system', NULL, now(), '{}'::jsonb FROM changed
   )
   SELECT counter.last_id${notify ? `, pg_notify('order_events', $1::text || ':' || counter.last_id)` : ''} FROM changed, counter`;
}

/** When each committed id of each tenant was answered to its writer, until something hears of it. */
class CommitTimes {
  private readonly byTenant = new Map<string, { id: number; at: number }[]>();
  readonly heard = new LatencyHistogram();

  committed(tenantId: string, id: number): void {
    let list = this.byTenant.get(tenantId);
    if (!list) this.byTenant.set(tenantId, (list = []));
    let at = list.length;
    while (at > 0 && (list[at - 1] as { id: number }).id > id) at--;
    list.splice(at, 0, { id, at: performance.now() });
  }

  /** The tenant's ids up to `lastId` are known to the listener now. */
  known(tenantId: string, lastId: number): void {
    const list = this.byTenant.get(tenantId) ?? [];
    const now = performance.now();
    while (list.length > 0 && (list[0] as { id: number }).id <= lastId) this.heard.add(now - (list.shift() as { at: number }).at);
  }
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

async function runWay(url: string, way: WakeupWay, orders: readonly { id: string; tenant_id: string }[], seconds: number): Promise<WakeupWayResult> {
  const writers = await Promise.all(Array.from({ length: WRITERS }, () => connect(url)));
  const listener = await connect(url);
  const waker = await connect(url);
  await waker.query('SET synchronous_commit = off');
  const times = new CommitTimes();
  const statement = new LatencyHistogram();
  let polling: NodeJS.Timeout | undefined;
  if (way === 'poll') {
    let busy = false;
    polling = setInterval(() => {
      if (busy) return;
      busy = true;
      listener
        .query<{ tenant_id: string; last_id: string }>('SELECT tenant_id, last_id FROM tenant_event_counters')
        .then(({ rows }) => rows.forEach((row) => times.known(row.tenant_id, Number(row.last_id))))
        .finally(() => (busy = false));
    }, POLL_MS);
  } else {
    await listener.query('LISTEN order_events');
    listener.on('notification', (message) => {
      const [tenantId, lastId] = (message.payload ?? '').split(':');
      times.known(tenantId as string, Number(lastId));
    });
  }
  const pending = new Map<string, number>();
  let sending = false;
  const wake = (): void => {
    if (sending || pending.size === 0) return;
    sending = true;
    const batch = [...pending];
    pending.clear();
    void waker
      .query("SELECT pg_notify('order_events', t || ':' || i) FROM unnest($1::text[], $2::bigint[]) AS x(t, i)", [batch.map((entry) => entry[0]), batch.map((entry) => entry[1])])
      .finally(() => {
        sending = false;
        wake();
      });
  };
  const data = JSON.stringify({ note: 'x'.repeat(900) });
  const end = performance.now() + seconds * 1000;
  let changes = 0;
  await Promise.all(
    writers.map(async (writer, index) => {
      let at = index;
      while (performance.now() < end) {
        at = (at * 7 + 13) % orders.length;
        const order = orders[at] as { id: string; tenant_id: string };
        const started = performance.now();
        const { rows } = await writer.query<{ last_id: string }>({
          name: way === 'in the transaction' ? 'change_notify' : 'change',
          text: changeSql(way === 'in the transaction'),
          values: [order.tenant_id, order.id, `note ${at}`, data],
        });
        statement.add(performance.now() - started);
        changes++;
        const id = Number(rows[0]?.last_id);
        times.committed(order.tenant_id, id);
        if (way === 'wake-up after the commit') {
          pending.set(order.tenant_id, Math.max(pending.get(order.tenant_id) ?? 0, id));
          wake();
        }
      }
    }),
  );
  // The last wake-ups and polls.
  await new Promise((resolve) => setTimeout(resolve, 4 * POLL_MS));
  clearInterval(polling);
  await Promise.all([...writers, listener, waker].map((client) => client.end()));
  return {
    way,
    changesPerSecond: changes / seconds,
    statement: { p50: statement.percentile(50), p99: statement.percentile(99) },
    heard: { p50: times.heard.percentile(50), p99: times.heard.percentile(99), count: times.heard.total },
  };
}

/** Runs each way twice, interleaved, on the migrated and seeded database at `url`; keeps each way's better run. */
export async function runWakeupChoice(url: string, seconds = 8, log: (line: string) => void = () => undefined): Promise<WakeupChoiceResult> {
  const client = await connect(url);
  const { rows: orders } = await client.query<{ id: string; tenant_id: string }>('SELECT id, tenant_id FROM orders ORDER BY id');
  await client.end();
  const best = new Map<WakeupWay, WakeupWayResult>();
  for (let round = 0; round < 2; round++) {
    for (const way of WAYS) {
      const result = await runWay(url, way, orders, seconds);
      log(`wake-ups, ${way}: ${result.changesPerSecond.toFixed(0)} changes/s, commit → heard p50 ${result.heard.p50} ms`);
      if ((best.get(way)?.changesPerSecond ?? -1) < result.changesPerSecond) best.set(way, result);
    }
  }
  return { writers: WRITERS, seconds, pollMs: POLL_MS, results: WAYS.map((way) => best.get(way) as WakeupWayResult) };
}

export const WAKEUP_HEADING = '### Waking the other processes';

export function wakeupChoiceSection(result: WakeupChoiceResult): string {
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const floor = result.results.find((entry) => entry.way === 'poll')?.changesPerSecond ?? 1;
  return [
    WAKEUP_HEADING,
    '',
    `${result.writers} writers run the order change's transaction straight on the server for ${result.seconds} s per way (each way twice, interleaved; the better run shown),`,
    `while one more connection learns of the commits as a hub would: by the notification, or by reading \`tenant_event_counters\` every ${result.pollMs} ms.`,
    'Commit → heard runs from the writer getting its answer (after the commit) to the listener learning of the id.',
    'Logical replication (`pgoutput`) is not measured: it needs `wal_level = logical`, a server setting many deployments cannot change,',
    'and a replication slot per process that keeps WAL on the server while that process is gone.',
    '',
    '| Way | Changes/s | Against the poll (no notification at all) | Statement p50 / p99 | Commit → heard p50 / p99 |',
    '|---|---:|---:|---:|---:|',
    ...result.results.map(
      (entry) =>
        `| ${entry.way} | ${entry.changesPerSecond.toFixed(0)} | ${(entry.changesPerSecond / floor).toFixed(2)}× | ${ms(entry.statement.p50)} / ${ms(entry.statement.p99)} | ${entry.heard.count > 0 ? `${ms(entry.heard.p50)} / ${ms(entry.heard.p99)}` : '–'} |`,
    ),
  ].join('\n');
}

