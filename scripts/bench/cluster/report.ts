// The cluster section of docs/benchmarks.md from a run's figures: each figure beside its floor and target.
import { commitP99, P99_TARGET_MS, runHeld, type WrittenRun } from './fanOutPhase';
import type { FanOutResult } from './fanOutRun';
import type { LatencyFigures, WriteFigures } from './figures';
import type { ClusterBenchResult } from './run';
import { wakeupChoiceSection } from './wakeupChoice';
import { verdict } from '../shared/format';

export const CLUSTER_HEADING = '## Cluster: 3 processes on PostgreSQL';

const FULL = { clients: 2000, rate: 100, seconds: 30, listOrders: 1_000_000 };
const ms = (value: number, digits = 0) => (Number.isNaN(value) ? '–' : value.toFixed(digits));
const count = (value: number) => value.toLocaleString('en');
const latencyText = (l: LatencyFigures, digits = 0) => `${ms(l.p50, digits)} / ${ms(l.p95, digits)} / ${ms(l.p99, digits)} / ${ms(l.max, digits)} ms`;
const perChange = (figures: WriteFigures) =>
  Object.entries(figures.cpuPerChangeMs)
    .map(([name, value]) => `${name} ${value.toFixed(2)} ms`)
    .join(', ');

function writesPart(writes: readonly WriteFigures[]): string[] {
  const [floor, one, three] = writes;
  if (!floor) return [];
  const ratio = (figures: WriteFigures) => figures.perSecond / Math.max(floor.perSecond, 1e-9);
  const row = (figures: WriteFigures, target: string) =>
    `| ${figures.label} | ${count(Math.round(figures.perSecond))} | ${figures === floor ? '1.00× (floor)' : `${ratio(figures).toFixed(2)}×`} | ${ms(figures.latency.p50, 1)} / ${ms(figures.latency.p99, 1)} ms | ${count(figures.changes)} | ${figures.conflicts} / ${figures.errors} | ${perChange(figures)} | ${target} |`;
  return [
    `### Writes: ${floor.writers} concurrent writers, ${floor.seconds} s each`,
    '',
    `Each writer changes an order's station and waits for the answer before the next change (a closed loop: the figure is what the path takes at`,
    `this concurrency). Writer *w* writes for tenant *w* mod 2, on orders taken from its tenant's ${'queue'} of 400 (one change per order at a time).`,
    'The floor is a plain `pg` pool of as many connections running, per change, the statement the backend runs for a `PATCH`',
    '(OrderRepository `change`: the order\'s UPDATE under its version, the tenant\'s event counter, the `order.updated` event and the',
    'history row, one prepared statement, its own transaction), with the event text built as the backend builds it and no',
    'notification. Through the backend, each writer sends `PATCH /api/orders/{id}` with `If-Match` on a keep-alive connection of its own',
    '(sign-in, role lookup, the order read and the change, as for the console), the next version from the answer\'s ETag; writers spread',
    'round-robin over one process, then over three. 3 s of warm-up each, not counted; latency from sending to the answer (or the commit).',
    '412 = someone else changed the order first (re-read, not counted). Processor time from `/proc`, divided by the changes.',
    '',
    '| Run | changes/s | × floor | p50 / p99 | changes | 412 / errors | processor per change | target |',
    '|---|---:|---:|---|---:|---|---|---|',
    row(floor, '–'),
    ...(one ? [row(one, `≥ 0.5× floor: ${verdict(ratio(one) >= 0.5)}`)] : []),
    ...(three ? [row(three, `≥ 0.5× floor: ${verdict(ratio(three) >= 0.5)}; ≥ 1 process: ${verdict(one !== undefined && three.perSecond >= one.perSecond)}`)] : []),
    '',
  ];
}

/**
 * What the PATCHes themselves cost of the backends' processor time per delivery, µs: the write runs'
 * backend processor time per change (3 processes) times the changes, over the deliveries.
 */
function patchShare(run: WrittenRun, writes: readonly WriteFigures[] | undefined): string {
  const perChangeMs = writes?.[2]?.cpuPerChangeMs.backends;
  if (perChangeMs === undefined || run.deliveries === 0) return '';
  return `; of which the PATCHes, at the write runs' ${perChangeMs.toFixed(2)} ms per change, about ${((perChangeMs * 1000 * run.writer.acknowledged) / run.deliveries).toFixed(1)} µs`;
}

function fanOutTable(run: WrittenRun, floor: FanOutResult | undefined, writes: readonly WriteFigures[] | undefined): string[] {
  const events = run.eventsPerTenant.reduce((a, b) => a + b, 0);
  const p99 = commitP99(run);
  const all = run.commit.find((row) => row.phase === 'whole run' && row.group === 'all');
  const floorRatio = floor ? run.serverMicrosPerDelivery / floor.serverMicrosPerDelivery : Number.NaN;
  return [
    '| Figure | Value | Floor or target |',
    '|---|---|---|',
    `| changes asked / sent | ${count(run.rate)}/s for ${run.writer.secondsAsked} s / ${count(run.writer.sent)}, ${Math.round(run.writer.rateReached)}/s reached | – |`,
    `| answers | ${count(run.writer.acknowledged)} acknowledged, ${run.writer.unanswered} unanswered, ${run.writer.refused} refused | – |`,
    `| events (per tenant) / delivered | ${count(events)} (${run.eventsPerTenant.map(count).join(' + ')}) / ${count(run.deliveries)} | – |`,
    `| clients that got every event of their tenant once, in order | ${count(run.complete)} of ${count(run.clients)} | all: ${verdict(run.complete === run.clients)} |`,
    `| **commit → client** p50 / p95 / p99 / max | ${all ? latencyText(all.figures) : '–'} (${count(all?.figures.count ?? 0)} reads; ${count(all?.early ?? 0)} before the answer) | p99 < ${P99_TARGET_MS} ms: ${verdict(p99 < P99_TARGET_MS)} |`,
    `| order's \`updatedAt\` (before the lock) → client | ${latencyText(run.sinceUpdatedAt)} | for comparison |`,
    `| PATCH sent → answer | ${latencyText(run.writer.answer)} | – |`,
    `| **backend processor time per delivered event** (3 processes) | ${ms(run.serverMicrosPerDelivery, 1)} µs${patchShare(run, writes)} | floor ${floor ? `${ms(floor.serverMicrosPerDelivery, 1)} µs (${count(floor.complete)} of ${count(floor.clients)} clients complete); ${floorRatio.toFixed(2)}×, ≤ 1.5×: ${verdict(floorRatio <= 1.5)}` : 'not run'} |`,
    `| every client at its tenant's last id | ${run.drained ? 'yes' : '**no**'}, ${run.drainSeconds.toFixed(1)} s after the last answer | – |`,
    `| load average before → after | ${run.loadBefore} → ${run.loadAfter} | – |`,
  ];
}

function rampPart(main: WrittenRun, ramp: readonly WrittenRun[], seconds: number): string[] {
  const runs = [main, ...ramp].sort((a, b) => a.rate - b.rate);
  const lastHeld = runs.filter(runHeld).pop();
  const failed = runs.find((run) => !runHeld(run) && run.rate > (lastHeld?.rate ?? 0));
  const summary =
    ramp.length === 0
      ? 'No further rate run (none asked).'
      : `Last rate that held: ${lastHeld ? `${count(lastHeld.rate)}/s` : `none down to ${count(runs[0]?.rate ?? 0)}/s`}; first that did not: ${failed ? `${count(failed.rate)}/s` : `none up to ${count(runs[runs.length - 1]?.rate ?? 0)}/s`}.`;
  return [
    '### Rate raised until the p99 passes 250 ms',
    '',
    `Doubled from the asked rate (halved instead when the asked rate does not hold), runs of ${seconds} s, until the commit → client`,
    `p99 reaches ${P99_TARGET_MS} ms, the writer falls 5 % short of the rate, or a client misses an event. ${summary}`,
    '',
    '| changes/s asked | reached | commit → client p50 / p95 / p99 / max | PATCH → answer p99 | clients complete | backend µs per delivery | load before → after | held |',
    '|---:|---:|---|---:|---|---:|---|---|',
    ...runs.map(
      (run) =>
        `| ${count(run.rate)} | ${Math.round(run.writer.rateReached)} | ${latencyText(run.commit.find((row) => row.phase === 'whole run' && row.group === 'all')?.figures ?? { count: 0, p50: NaN, p95: NaN, p99: NaN, max: NaN })} | ${ms(run.writer.answer.p99)} ms | ${count(run.complete)} of ${count(run.clients)} | ${ms(run.serverMicrosPerDelivery, 1)} | ${run.loadBefore} → ${run.loadAfter} | ${runHeld(run) ? 'yes' : '**no**'} |`,
    ),
    '',
  ];
}

function killPart(run: WrittenRun): string[] {
  return [
    '### One backend killed half way (SIGKILL)',
    '',
    `The same run again at ${count(run.rate)}/s; after ${ms(run.killedAfterSeconds ?? NaN, 1)} s backend #2 gets SIGKILL. Its clients come back`,
    "as the console does (the server's `retry:` doubled and jittered, 3–6 s) with `Last-Event-ID`, on the next backend: the latencies",
    'of the clients that moved include that wait.',
    '',
    '| Figure | Value |',
    '|---|---|',
    `| clients that got every event of their tenant once, in order | ${count(run.complete)} of ${count(run.clients)}: ${verdict(run.complete === run.clients)} |`,
    `| events (per tenant) | ${run.eventsPerTenant.map(count).join(' + ')} |`,
    `| answers | ${count(run.writer.acknowledged)} acknowledged, ${run.writer.unanswered} unanswered (lost with the process), ${run.writer.refused} refused |`,
    `| clients moved / streams reopened / longest gap | ${count(run.moved)} / ${count(run.reconnects)} / ${ms(run.longestGapMs)} ms |`,
    `| every client at its tenant's last id | ${run.drained ? 'yes' : '**no**'}, ${run.drainSeconds.toFixed(1)} s after the last answer |`,
    ...run.commit.map((row) => `| commit → client, ${row.phase}, ${row.group} | ${latencyText(row.figures)} (${count(row.figures.count)} reads) |`),
    `| reads of changes whose answer was lost | ${count(run.unmatched)} |`,
    ...run.incomplete.map(
      (c) =>
        `| incomplete: tenant ${c.tenant}, from #${c.home}${c.moved ? ', moved' : ''} | ${c.received} received, last id ${c.lastId}, ${c.missing} missing, ${c.duplicates} duplicates, ${c.resets} resets |`,
    ),
    '',
  ];
}

const PROCESS_NAMES: Record<string, string> = {
  servers: 'backends (3, summed)',
  PostgreSQL: 'PostgreSQL (all its processes; RSS summed, shared memory counted in each)',
};

function processPart(run: FanOutResult, floor: FanOutResult | undefined): string[] {
  const rows = [
    ...Object.entries(run.processes).map(([name, f]) => `| backends' run | ${PROCESS_NAMES[name] ?? name} | ${f.cpuSeconds.toFixed(1)} s | ${f.cpuPercent.toFixed(0)} % | ${f.maxRssMiB.toFixed(0)} MiB |`),
    ...Object.entries(floor?.processes ?? {}).map(([name, f]) => `| floor | ${name === 'servers' ? 'node:http server' : name} | ${f.cpuSeconds.toFixed(1)} s | ${f.cpuPercent.toFixed(0)} % | ${f.maxRssMiB.toFixed(0)} MiB |`),
  ];
  return ['| Run | Process | Processor time | share of one core | RSS, largest |', '|---|---|---:|---:|---:|', ...rows, ''];
}

export function clusterSection(result: ClusterBenchResult): string {
  const { sizes, fanOut, list } = result;
  const listed = list === undefined ? '' : `, ${count(sizes.listOrders)} orders per tenant for the list`;
  const reduced =
    sizes.clients < FULL.clients || sizes.seconds < FULL.seconds || sizes.rate !== FULL.rate || (list !== undefined && sizes.listOrders < FULL.listOrders)
      ? `**Reduced size**: ${count(sizes.clients)} clients, ${count(sizes.rate)} changes/s for ${sizes.seconds} s${listed} (the full run: ${count(FULL.clients)}, ${FULL.rate}/s for ${FULL.seconds} s, ${count(FULL.listOrders)}).`
      : '';
  const lines = [
    CLUSTER_HEADING,
    '',
    `Made by \`npx tsx scripts/bench/cluster/main.ts\` (part of \`npm run bench\`) on ${result.date} UTC: ${result.machine}; ${result.server}.`,
    `Load average (1 / 5 / 15 min) at the start ${result.loadAtStart}, at the end ${result.loadAtEnd}: on a machine with other work,`,
    'figures are upper bounds. Three backend programs (`server/main.ts`, production settings, 15-minute tokens renewed between runs,',
    'the role read from the database at every request) on three ports of 127.0.0.1 as behind a load balancer, on one database; the',
    `load generators (writers, event-stream clients) run on the same two cores.${reduced ? ` ${reduced}` : ''}`,
    '',
    ...(result.writes ? writesPart(result.writes) : []),
  ];
  if (fanOut) {
    const { main, floor } = fanOut;
    lines.push(
      `### Fan-out: ${count(main.clients)} event streams, ${count(main.rate)} changes/s for ${main.writer.secondsAsked} s`,
      '',
      'The event-stream clients run in load generator processes of their own (plain `node:http`, only the id, type, `updatedAt` and',
      'station of each event read), spread evenly over the three backends and the two tenants, ten per sign-in. A writer process sends',
      '`PATCH` on a fixed schedule, alternating tenants and backends, each change naming its number in `station`. *Commit → client* is',
      'the time a client read the event minus the time the writer had the `PATCH` answer: the answer leaves after the commit, so this',
      'starts after the commit (it understates by at most the answer\'s way back over loopback; a read before the answer counts as 0).',
      'The event carries no commit time; its `updatedAt` is taken before the lock, shown for comparison. *Processor time per delivered',
      'event*: the backends\' processor time (`/proc/<pid>/stat`) from the first change to the last client drained, divided by the',
      'events the clients read. Its floor: a minimal `node:http` server (scripts/bench/cluster/floorStreams.ts) holding the same streams',
      'from the same clients and writing them the same bytes (the run\'s stored events as the backend\'s blocks, a tenant\'s events due in',
      'one of the backend\'s 20 ms flush intervals in one write shared by its streams) on the run\'s own schedule (each event at its stored',
      '`created_at` relative to the first: the rate the run reached), with no sign-in check and no database.',
      '',
      ...fanOutTable(main, floor, result.writes),
      '',
      ...rampPart(main, fanOut.ramp, sizes.rampSeconds),
      ...(fanOut.killed ? killPart(fanOut.killed) : []),
      '### Processor and memory per process',
      '',
      ...processPart(main, floor),
      `Tokens renewed between runs (POST /api/auth/renew, when expiring within the next minutes): ${fanOut.renewals + result.writeRenewals}.`,
      '',
    );
  }
  if (result.wakeups) lines.push(wakeupChoiceSection(result.wakeups), '');
  if (list) {
    lines.push(
      `### Order list with ${count(sizes.listOrders)} orders per tenant on PostgreSQL`,
      '',
      `The measurement of "Backend: order list" on the same PostgreSQL server, one backend process. Both tenants seeded with` +
        ` ${count(sizes.listOrders)} orders in ${list.seedSeconds.toFixed(1)} s (bulk load).` +
        ` Server ready in ${list.startSeconds.toFixed(1)} s; ${list.clients} concurrent clients; ${count(list.total)} orders in range.` +
        ` Target: list page p95 < 20 ms: ${verdict(list.firstPage.p95 < 20 && list.deepPage.p95 < 20)}.`,
      '',
      list.table,
    );
  }
  return `${lines.filter((line, index, all) => !(line === '' && all[index - 1] === '')).join('\n').trimEnd()}\n`;
}
