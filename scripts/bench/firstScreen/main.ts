// On its own: `npx tsx scripts/bench/firstScreen/main.ts [--dist <folder>] [--build <commit>] [--runs <n>] [--write]`
// measures the build in dist/ (copied first, under the dist lock) or in <folder> (made from <commit>),
// prints the section, and with `--write` puts it into docs/benchmarks.md in place of the one there.
import { BENCHMARKS_FILE, writeSections } from '../shared/benchmarksFile';
import { option, runCli } from '../shared/cli';
import { FIRST_SCREEN_HEADING, firstScreenSection } from './report';
import { runFirstScreenBench } from './run';

async function main(): Promise<void> {
  const result = await runFirstScreenBench({
    distDir: option('--dist'),
    build: option('--build'),
    runs: Number(option('--runs') ?? 7),
    log: (line) => console.log(line),
  });
  const section = firstScreenSection(result);
  console.log(`\n${section}`);
  if (process.argv.includes('--write')) {
    writeSections([{ heading: FIRST_SCREEN_HEADING, text: section }]);
    console.log(`written to ${BENCHMARKS_FILE}`);
  }
}

runCli(main);
