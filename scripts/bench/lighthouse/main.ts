// On its own: `npx tsx scripts/bench/lighthouse/main.ts [--dist <folder>] [--build <commit>] [--runs <n>] [--save <folder>]`
// measures the build in dist/ (copied first, under the dist lock) and prints the table and the
// diagnostics; with `--save`, each run's report goes into <folder> as JSON (open it in the Lighthouse viewer).
import { option, runCli } from '../shared/cli';
import { lighthouseDiagnostics } from './diagnostics';
import { lighthouseSection } from './report';
import { runLighthouseBench } from './run';

async function main(): Promise<void> {
  const result = await runLighthouseBench({
    distDir: option('--dist'),
    build: option('--build'),
    runs: Number(option('--runs') ?? 3),
    saveDir: option('--save'),
    log: (line) => console.log(line),
  });
  console.log(`\n${lighthouseSection(result)}`);
  console.log(`Diagnostics of the median runs:\n\n${lighthouseDiagnostics(result)}`);
  for (const page of result.pages) {
    for (const audit of page.failingAccessibility) {
      console.log(`${page.path} ${audit.id}:`);
      for (const node of audit.nodes) {
        console.log(`  ${node.selector}\n    ${node.snippet}${node.explanation ? `\n    ${node.explanation.replace(/\n/g, '\n    ')}` : ''}`);
      }
    }
  }
}

runCli(main);
