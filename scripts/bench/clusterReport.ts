import type { BackendBenchResult } from '../bench-backend';
import type { LatencyFigures, ScenarioResult } from './clusterScenario';

export const CLUSTER_HEADING = '## Cluster: 3 processes on PostgreSQL';

export interface ClusterReportInput {
  date: string;
  machine: string;
  postgres: string;
  loadAtStart: string;
  loadAtEnd: string;
  cluster: ScenarioResult;
  embedded: ScenarioResult | undefined;
  list: (BackendBenchResult & { seedSeconds: number | null }) | undefined;
  listOrdersPerTenant: number;
}

const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(0));
const count = (value: number) => value.toLocaleString('en');
const latencyText = (l: LatencyFigures) => `${ms(l.p50)} / ${ms(l.p95)} / ${ms(l.p99)} / ${ms(l.max)} ms (${count(l.events)} events)`;

function runColumn(run: ScenarioResult): string[] {
  const events = run.eventsPerTenant.reduce((a, b) => a + b, 0);
  const all = run.latency.filter((row) => row.group === 'all');
  return [
    `${run.backends} × ${run.backends > 1 ? 'PostgreSQL' : 'embedded'}`,
    `${count(run.clients)}`,
    `${count(run.rateAsked)}/s for ${run.secondsAsked} s`,
    `${count(run.writer.sent)} sent, ${Math.round(run.rateReached)}/s reached`,
    `${count(run.writer.acknowledged.reduce((a, b) => a + b, 0))} acknowledged, ${run.writer.unanswered} unanswered, ${run.writer.refused} refused`,
    `${count(events)} (${run.eventsPerTenant.map(count).join(' + ')})`,
    `${count(run.complete)} of ${count(run.clients)}: ${verdict(run.complete === run.clients)}`,
    run.killedAfterSeconds === undefined ? '–' : `#${run.backends - 1} after ${run.killedAfterSeconds.toFixed(1)} s; ${count(run.moved)} clients moved, longest gap ${ms(run.longestGapMs)} ms`,
    `${count(run.reconnects)}`,
    `${run.drained ? 'yes' : '**no**'}, ${run.drainSeconds.toFixed(1)} s after the last answer`,
    all.map((row) => `${row.phase}: ${latencyText(row.figures)}`).join('<br>'),
    latencyText(run.writer.answer),
    run.answerToClient
      .map(({ group, figures, early }) => `${group}: ${latencyText(figures)}, ${count(early)} before the answer`)
      .join('<br>'),
    `${run.loadBefore} → ${run.loadAfter}`,
  ];
}

const RUN_ROWS = [
  'backends',
  'event-stream clients (two tenants)',
  'changes asked',
  'changes sent',
  'answers',
  'events (per tenant)',
  'clients that got every event of their tenant once, in order',
  'SIGKILL',
  'streams reopened in all',
  'every client at its tenant\'s last id',
  'commit → client p50 / p95 / p99 / max',
  'PATCH sent → answer p50 / p95 / p99 / max',
  'answer at the writer → probe client p50 / p95 / p99 / max',
  'load average (1 / 5 / 15 min) before → after',
];

function runTable(cluster: ScenarioResult, embedded: ScenarioResult | undefined): string {
  const a = runColumn(cluster);
  const b = embedded ? runColumn(embedded) : undefined;
  return [
    `| Figure | ${BACKEND_COLUMN} |${b ? ' One process, embedded database (same run) |' : ''}`,
    `|---|---|${b ? '---|' : ''}`,
    ...RUN_ROWS.map((label, index) => `| ${label} | ${a[index]} |${b ? ` ${b[index]} |` : ''}`),
  ].join('\n');
}

const BACKEND_COLUMN = 'Cluster: 3 processes, PostgreSQL';

function latencyTable(run: ScenarioResult): string {
  return [
    '| Phase | Clients | Events | p50 ms | p95 ms | p99 ms | max ms | p99 < 250 ms |',
    '|---|---|---:|---:|---:|---:|---:|---|',
    ...run.latency.map(
      ({ phase, group, figures: l }) =>
        `| ${phase} | ${group} | ${count(l.events)} | ${ms(l.p50)} | ${ms(l.p95)} | ${ms(l.p99)} | ${ms(l.max)} | ${group === 'moved' ? '– (includes the reconnect wait)' : verdict(l.p99 < 250)} |`,
    ),
  ].join('\n');
}

function processTable(runs: [string, ScenarioResult | undefined][]): string {
  const rows: string[] = [];
  for (const [label, run] of runs) {
    if (!run) continue;
    for (const { phase, figures } of run.processes) {
      for (const [name, f] of Object.entries(figures)) {
        rows.push(`| ${label} | ${phase} | ${name} | ${f.cpuPercent.toFixed(0)} % | ${f.maxRssMiB.toFixed(0)} MiB |`);
      }
    }
  }
  return ['| Run | Phase | Process | CPU (of one core) | RSS, largest |', '|---|---|---|---:|---:|', ...rows].join('\n');
}

function incompleteLines(run: ScenarioResult): string[] {
  if (run.incomplete.length === 0) return [];
  return [
    '',
    `Clients that did not get every event once and in order (first 10 of ${run.incomplete.length}):`,
    '',
    ...run.incomplete
      .slice(0, 10)
      .map(
        (c) =>
          `- tenant ${c.tenant}, started on #${c.home}${c.moved ? ', moved' : ''}: ${c.received} received, last id ${c.lastId} (expected from ${c.firstExpected}), ${c.missing} missing, ${c.duplicates} duplicates, ${c.resets} resets, ${c.reconnects} reconnects`,
      ),
  ];
}

export function clusterSection(input: ClusterReportInput): string {
  const { cluster, embedded, list } = input;
  const lines = [
    CLUSTER_HEADING,
    '',
    `Made by \`npx tsx scripts/bench-cluster.ts\` (part of \`npm run bench\`) on ${input.date} UTC: ${input.machine}; ${input.postgres}.`,
    `Load average (1 / 5 / 15 min) at the start ${input.loadAtStart}, at the end ${input.loadAtEnd}: figures from a machine`,
    'with other work on it are upper bounds.',
    '',
    'Three backend programs (`server/main.ts`, three ports on 127.0.0.1, as behind a load balancer; not',
    '`WORKERS=3`, so that each can be measured and killed alone) on one database. The event-stream clients',
    'run in load generator processes of their own (plain `node:http`, only `id`, type and `updatedAt` of each',
    'event read), spread evenly over the three backends and the two demo tenants, at most ten per sign-in',
    '(the limit of streams per token). A writer process sends `PATCH /api/orders/{id}` with `If-Match` as the',
    'console does, on a fixed schedule, alternating tenants and backends. Half way through, one backend is',
    'killed with SIGKILL; its clients come back as the console does (the server\'s `retry:` doubled and',
    'jittered, 3–6 s) with `Last-Event-ID`, on the next backend.',
    '',
    '*Commit → client* is the time a client read the event minus the order\'s `updatedAt` in it: the',
    'backend\'s clock when it took the change, before its transaction (which waits for the tenant\'s',
    'counter lock while other changes of the tenant commit) and the commit (one machine, one clock): an',
    'upper bound. *Answer → probe client* takes the moment the `PATCH` answer arrived at the writer instead,',
    'for one probe client per tenant, backend and load generator (matched by the change\'s number in',
    '`station`); an event may arrive before the answer (counted as 0). A client counts as complete',
    'when it received exactly the ids after its tenant\'s last id before the writing up to the last after',
    'it, each once, in order, with no reset. Processor shares are from `/proc/<pid>/stat` (100 % = one',
    'core), memory is the largest `VmRSS` of `/proc/<pid>/status`, sampled every second.',
    '',
    runTable(cluster, embedded),
    ...incompleteLines(cluster),
    ...(embedded ? incompleteLines(embedded) : []),
    '',
    embedded && embedded.rateAsked < cluster.rateAsked
      ? `The embedded engine takes about 400 single changes a second (see "Live changes"): its run writes ${embedded.rateAsked}/s, with the same clients.`
      : '',
    '',
    '### Commit → client, cluster',
    '',
    latencyTable(cluster),
    ...(embedded ? ['', '### Commit → client, one process on the embedded database', '', latencyTable(embedded)] : []),
    '',
    '### Processor and memory per process',
    '',
    processTable([
      ['cluster', cluster],
      ['embedded', embedded],
    ]),
  ];
  if (list) {
    lines.push(
      '',
      `### Order list with ${count(input.listOrdersPerTenant)} orders per tenant on PostgreSQL`,
      '',
      `The measurement of "Backend: order list" on the same PostgreSQL server, one backend process. Both tenants seeded with` +
        ` ${count(input.listOrdersPerTenant)} orders in ${list.seedSeconds === null ? '(earlier)' : `${list.seedSeconds.toFixed(1)} s`} (bulk load).` +
        ` Server ready in ${list.startSeconds.toFixed(1)} s; ${list.clients} concurrent clients; ${count(list.total)} orders in range.` +
        ` Target: list page p95 < 20 ms: ${verdict(list.firstPage.p95 < 20 && list.deepPage.p95 < 20)}.`,
      '',
      list.table,
    );
  }
  return `${lines.filter((line, index, all) => !(line === '' && all[index - 1] === '')).join('\n')}\n`;
}
