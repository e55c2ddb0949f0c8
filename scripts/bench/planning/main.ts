// On its own: `npx tsx scripts/bench/planning/main.ts [--dist <folder>] [--runs <n>] [--write]` measures the
// build in dist/ (or <folder>), prints the section, and with `--write` puts it into docs/benchmarks.md.
// `npx tsx scripts/bench/main.ts planning` does the same and always writes.
import { BENCHMARKS_FILE, writeSections } from '../shared/benchmarksFile';
import { option, runCli } from '../shared/cli';
import { PLANNING_HEADING, planningSection } from './report';
import { runPlanningBench } from './run';

async function main(): Promise<void> {
  const result = await runPlanningBench({ distDir: option('--dist'), runs: Number(option('--runs') ?? 7), log: (line) => console.log(line) });
  const section = planningSection(result);
  console.log(`\n${section}`);
  if (process.argv.includes('--write')) {
    writeSections([{ heading: PLANNING_HEADING, text: section }]);
    console.log(`written to ${BENCHMARKS_FILE}`);
  }
}

runCli(main, { exitWhenDone: true });
