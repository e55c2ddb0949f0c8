// On its own: `npx tsx scripts/bench/backend/main.ts` prints the backend bench's table (the part of `npm run bench` in run.ts).
import { runCli } from '../shared/cli';
import { runBackendBench } from './run';

async function main(): Promise<void> {
  const result = await runBackendBench();
  const lines = [
    `Backend: ${result.orders} orders in one tenant (embedded database), ${result.clients} concurrent clients on 127.0.0.1.`,
    result.seedSeconds === null ? 'Data reused from an earlier run.' : `Seeding took ${result.seedSeconds.toFixed(1)} s.`,
    `Server start (open, migrate): ${result.startSeconds.toFixed(1)} s. First page total: ${result.total}.`,
    '',
    result.table,
    '',
  ];
  process.stdout.write(lines.join('\n'));
}

runCli(main);
