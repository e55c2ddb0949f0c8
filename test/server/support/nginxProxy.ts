import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Debian's nginx, which `npm test` installs (scripts/ensureNginx.mjs); NGINX_PATH names another. */
export const NGINX_PATH = process.env.NGINX_PATH?.trim() || '/usr/sbin/nginx';
const START_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 5_000;
/** The response header that names the backend (or backends, when nginx tried several) of an answer. */
export const UPSTREAM_HEADER = 'x-cockpit-upstream';

/**
 * The main configuration around a site: everything nginx needs besides the site, inside `prefix` so
 * that it runs without root and leaves nothing elsewhere. It also logs and names each answer's
 * backend (`$upstream_addr`), which a deployment does not need and the site file therefore lacks:
 * a header is there as soon as a stream opens, a log line only once it ends.
 */
function mainConfiguration(prefix: string, site: string): string {
  const temp = (name: string) => path.join(prefix, 'temp', name);
  return `# Written by test/server/support/nginxProxy.ts for one test run.
daemon off;
worker_processes 1;
pid ${path.join(prefix, 'nginx.pid')};
error_log stderr warn;
events {
    worker_connections 256;
}
http {
    log_format upstreams '$request $status upstream=$upstream_addr upstream_status=$upstream_status';
    access_log ${path.join(prefix, 'access.log')} upstreams;
    client_body_temp_path ${temp('body')};
    proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')};
    uwsgi_temp_path ${temp('uwsgi')};
    scgi_temp_path ${temp('scgi')};
    # Inherited by every location of the site, which adds no header of its own.
    add_header X-Cockpit-Upstream $upstream_addr always;
    include ${site};
}
`;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Every nginx still running: asked to stop when the test process ends, whatever happened in the tests. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  // SIGTERM, not SIGKILL: the master then ends its workers, which a killed master would leave behind.
  for (const child of running) child.kill('SIGTERM');
});

/**
 * nginx serving one site on a free port of 127.0.0.1, as its own process group in a temporary
 * folder (its prefix: configuration, logs, temporary files).
 *
 *   const proxy = await NginxProxy.start((port) => productionSiteForTest({ port, backends }));
 *   await fetch(`${proxy.url}/api/…`);
 *   await proxy.stop();
 */
export class NginxProxy {
  readonly url: string;
  private readonly exited: Promise<void>;

  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
    private readonly prefix: string,
    private readonly log: { text: string },
  ) {
    this.url = `http://127.0.0.1:${port}`;
    this.exited = new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
  }

  /** Starts nginx with the site `siteFor(port)` and resolves once it accepts connections; fails with its output otherwise. */
  static async start(siteFor: (port: number) => string): Promise<NginxProxy> {
    if (!existsSync(NGINX_PATH)) {
      throw new Error(`nginx is missing at ${NGINX_PATH} (npm test installs it; by hand: sudo apt-get install -y nginx, or set NGINX_PATH)`);
    }
    let lastError: unknown;
    // Another program may take the free port before nginx binds it: then another one.
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        return await NginxProxy.startOn(await freePort(), siteFor);
      } catch (error) {
        lastError = error;
        if (!String(error).includes('Address already in use')) break;
      }
    }
    throw lastError;
  }

  private static async startOn(port: number, siteFor: (port: number) => string): Promise<NginxProxy> {
    const prefix = mkdtempSync(path.join(tmpdir(), 'cockpit-nginx-'));
    // Run as root, nginx's workers run as `nobody`: they must reach the temporary files in the prefix.
    chmodSync(prefix, 0o755);
    // nginx makes each temporary folder (and hands it to its workers' user), not their parent.
    mkdirSync(path.join(prefix, 'temp'), { mode: 0o755 });
    const site = path.join(prefix, 'site.conf');
    writeFileSync(site, siteFor(port));
    const configuration = path.join(prefix, 'nginx.conf');
    writeFileSync(configuration, mainConfiguration(prefix, site));
    // A process group of its own (detached), so that a master that will not stop goes with its workers.
    const child = spawn(NGINX_PATH, ['-p', prefix, '-c', configuration, '-e', 'stderr'], {
      cwd: prefix,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    child.once('exit', () => running.delete(child));
    const log = { text: '' };
    const collect = (chunk: Buffer) => (log.text += chunk.toString('utf8'));
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    const proxy = new NginxProxy(child, port, prefix, log);
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        await proxy.stop();
        throw new Error(`nginx ended before it served (${child.signalCode ?? `exit code ${child.exitCode}`}); its output:\n${log.text}`);
      }
      if (await accepts(port)) return proxy;
      if (Date.now() > deadline) {
        await proxy.stop();
        throw new Error(`nginx did not accept connections on port ${port} within ${START_TIMEOUT_MS} ms; its output:\n${log.text}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** What nginx printed (its error log) and its access log, with each answer's backend: for failure messages. */
  get output(): string {
    let access = '';
    try {
      access = readFileSync(path.join(this.prefix, 'access.log'), 'utf8');
    } catch {
      // Nothing answered yet.
    }
    return `nginx's error log:\n${this.log.text}\nnginx's access log:\n${access}`;
  }

  /** Stops nginx (SIGTERM: its master ends the workers; its process group is killed if it has not ended in time) and removes its folder. */
  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGTERM');
      const timer = setTimeout(() => {
        try {
          if (this.child.pid !== undefined) process.kill(-this.child.pid, 'SIGKILL');
        } catch {
          // The group ended meanwhile.
        }
      }, STOP_TIMEOUT_MS);
      await this.exited;
      clearTimeout(timer);
    }
    rmSync(this.prefix, { recursive: true, force: true });
  }
}
