// `npm start`: install what is missing, build the console when its sources changed, then run the
// reference backend on its embedded database (it seeds demo data on first start and prints the
// URL and the demo logins). Ctrl-C stops it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, log, root } from './ensure.mjs';

ensureInstalled();
ensureBuilt();
log('Starting the reference backend …');
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  // The demo: the simulator on, and the telemetry summaries (logged at info) shown.
  env: { SIMULATE: '1', LOG_LEVEL: 'info', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
