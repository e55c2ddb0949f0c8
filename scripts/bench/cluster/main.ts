// The cluster part of `npm run bench` (run.ts): three backend processes on one
// PostgreSQL server with its default durability, each figure beside a floor measured in the same run.
//
//   npx tsx scripts/bench/cluster/main.ts                  # full size, prints the markdown section
//   npx tsx scripts/bench/cluster/main.ts --clients 200 --seconds 8 --list-orders 20000
//   npx tsx scripts/bench/cluster/main.ts --write          # also puts the section into docs/benchmarks.md
//
// Flags: --clients N (2000 event streams), --rate N (100 changes/s), --seconds N (30), --ramp-seconds N
// (10 per raised rate), --ramp-max N (6400), --writers N (16), --write-seconds N (20 per write run),
// --client-processes N (2), --list-orders N (1000000 per tenant), --renew-within N (300: tokens expiring
// sooner are renewed before a run; 900 renews every token before every run); --no-writes, --no-fan-out,
// --no-floor, --no-ramp, --no-kill, --no-list, --no-wakeups. PostgreSQL: BENCH_DATABASE_URL (a server where
// databases may be created and dropped), else a throwaway cluster (scripts/throwawayPostgres.mjs).
import { writeSections } from '../shared/benchmarksFile';
import { option, runCli } from '../shared/cli';
import { CLUSTER_HEADING, clusterSection } from './report';
import { runClusterBench } from './run';

function flag(args: readonly string[], name: string): number | undefined {
  const text = option(name, args);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} needs a positive number`);
  return value;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const result = await runClusterBench({
    clients: flag(args, '--clients'),
    rate: flag(args, '--rate'),
    seconds: flag(args, '--seconds'),
    rampSeconds: args.includes('--no-ramp') ? 0 : flag(args, '--ramp-seconds'),
    rampMax: flag(args, '--ramp-max'),
    writers: flag(args, '--writers'),
    writeSeconds: flag(args, '--write-seconds'),
    clientProcesses: flag(args, '--client-processes'),
    listOrders: flag(args, '--list-orders'),
    writes: !args.includes('--no-writes'),
    fanOut: !args.includes('--no-fan-out'),
    floor: !args.includes('--no-floor'),
    kill: !args.includes('--no-kill'),
    list: !args.includes('--no-list'),
    wakeups: !args.includes('--no-wakeups'),
    renewWithinSeconds: flag(args, '--renew-within'),
  });
  const section = clusterSection(result);
  process.stdout.write(`\n${section}\n`);
  if (args.includes('--write')) {
    writeSections([{ heading: CLUSTER_HEADING, text: section }]);
    process.stderr.write('[cluster] written to docs/benchmarks.md\n');
  }
}

runCli(main, { exitWhenDone: true });
