// On its own: `npx tsx scripts/bench/orderWrites/main.ts [--write]` prints the order-writes section
// (the part of `npm run bench` in run.ts); with `--write` it puts it into docs/benchmarks.md, in place of
// the one there or, the first time, before the measurements behind the design.
import { BENCHMARKS_FILE, writeSections } from '../shared/benchmarksFile';
import { runCli } from '../shared/cli';
import { MEASUREMENTS_HEADING, ORDER_WRITES_HEADING, orderWritesSection } from './report';
import { runOrderWritesBench } from './run';

async function main(): Promise<void> {
  const section = orderWritesSection(await runOrderWritesBench());
  console.log(`\n${section}`);
  if (process.argv.includes('--write')) {
    writeSections([{ heading: ORDER_WRITES_HEADING, text: section, before: MEASUREMENTS_HEADING }]);
    console.log(`written to ${BENCHMARKS_FILE}`);
  }
}

runCli(main);
