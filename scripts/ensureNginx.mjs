// Debian's nginx for the test of the production proxy configuration (server/deploy/nginx.conf,
// test/server/cluster/multiProcessNginx.test.ts), installed with apt-get like PostgreSQL and Chromium.
// Plain Node (no dependencies), because `npm test` runs it before anything is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';

/** Where Debian's package puts the program; NGINX_PATH names another. */
export const DEFAULT_NGINX_PATH = '/usr/sbin/nginx';
/** Debian's hook that lets a package's scripts start a service, or not (invoke-rc.d, deb-systemd-invoke). */
const POLICY_RC_D = '/usr/sbin/policy-rc.d';

function say(message) {
  console.log(`\x1b[36m[cockpit]\x1b[0m ${message}`);
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a command to its end; answers its exit status (1 when it could not run). */
function run(command, args, env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.error) console.error(`\n${command}: ${result.error.message}\n`);
  return result.status ?? 1;
}

/**
 * Installs the package without letting it start or enable Debian's own nginx service: the tests run
 * their own nginx on a free port, and a system one would hold port 80 now and after every boot.
 * Debian's postinst starts the service unless policy-rc.d forbids it, so one that forbids every start
 * stands while apt-get runs (a machine's own is left as it is, and the service stopped should it have
 * let it start); the service is then disabled for later boots.
 */
function installWithoutService() {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const ownPolicy = !existsSync(POLICY_RC_D);
  if (ownPolicy) {
    // Forbids only while this process runs: should it be killed before it removes the file, the file
    // allows what no file would.
    writeFileSync(
      POLICY_RC_D,
      `#!/bin/sh\n# Order Cockpit's npm test (process ${process.pid}), while it installs nginx: no service starts.\n` +
        `if kill -0 ${process.pid} 2>/dev/null; then exit 101; fi\nexit 0\n`,
      { mode: 0o755 },
    );
  }
  let status;
  try {
    status = run('apt-get', ['update', '-qq'], env) || run('apt-get', ['install', '-y', '-qq', 'nginx'], env);
  } finally {
    if (ownPolicy) rmSync(POLICY_RC_D, { force: true });
  }
  if (status !== 0) process.exit(status);
  // Whichever init system the machine has; a missing tool or an unknown service is no failure here.
  if (!ownPolicy && existsSync('/usr/sbin/invoke-rc.d')) {
    // The machine's own policy may have let the service start.
    spawnSync('invoke-rc.d', ['nginx', 'stop'], { stdio: 'ignore' });
  }
  if (existsSync('/usr/bin/deb-systemd-helper')) {
    spawnSync('deb-systemd-helper', ['disable', 'nginx.service'], { stdio: 'ignore' });
  }
  if (existsSync('/usr/sbin/update-rc.d')) {
    spawnSync('update-rc.d', ['nginx', 'disable'], { stdio: 'ignore' });
  }
}

/**
 * The nginx program (NGINX_PATH, default /usr/sbin/nginx), installed with apt-get when missing and
 * running as root on Debian; elsewhere it names the command to install it and ends the process, as for
 * PostgreSQL and Chromium.
 */
export function ensureNginx() {
  const nginx = process.env.NGINX_PATH?.trim() || DEFAULT_NGINX_PATH;
  if (existsSync(nginx)) {
    return nginx;
  }
  if (nginx !== DEFAULT_NGINX_PATH || !isRoot() || !existsSync('/usr/bin/apt-get')) {
    console.error(
      `\nThe test of the nginx configuration needs nginx at ${nginx} (or set NGINX_PATH).\n` +
        'Install it with:  sudo apt-get install -y nginx\n',
    );
    process.exit(1);
  }
  say('Installing nginx for the test of the proxy configuration (apt-get install -y nginx; its service is neither started nor enabled) …');
  installWithoutService();
  if (!existsSync(nginx)) {
    console.error(`\napt-get installed nginx, but there is no ${nginx}.\n`);
    process.exit(1);
  }
  return nginx;
}
