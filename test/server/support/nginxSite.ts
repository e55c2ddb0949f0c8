import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The nginx site a deployment runs (server/README.md, "Deployment: several processes"). */
export const PRODUCTION_SITE = path.resolve(__dirname, '../../../server/deploy/nginx.conf');

export interface TestSiteOptions {
  /** The port of 127.0.0.1 the site listens on, plain HTTP. */
  port: number;
  /** The backends in `upstream cockpit`, as `host:port`. */
  backends: readonly string[];
}

const UPSTREAM_OPENS = /^\s*upstream\s+cockpit\s*\{\s*$/;
const BLOCK_CLOSES = /^\s*\}\s*$/;
const UPSTREAM_SERVER = /^(\s*)server\s+[^\s;]+[^;]*;\s*$/;
const LISTEN = /^(\s*)listen\s[^;]*;\s*$/;
const SSL_DIRECTIVE = /^\s*ssl_\w+\s[^;]*;\s*$/;

/**
 * The production site as the tests run it: its text with the changes its header names and nothing
 * else. The `server` lines of `upstream cockpit` become `backends`, its one `listen` line plain HTTP
 * on 127.0.0.1:`port`, and the `ssl_…` lines go (no certificate). A file whose lines no longer have
 * the shape these rules expect is refused, so that a test never runs something else than it says.
 */
export function siteForTest(text: string, { port, backends }: TestSiteOptions): string {
  if (backends.length === 0) throw new Error('a test site needs at least one backend');
  const lines: string[] = [];
  let inUpstream = false;
  let upstreamServers = 0;
  let listens = 0;
  for (const line of text.split('\n')) {
    if (UPSTREAM_OPENS.test(line)) {
      inUpstream = true;
    } else if (inUpstream && BLOCK_CLOSES.test(line)) {
      inUpstream = false;
    }
    const upstreamServer = inUpstream ? UPSTREAM_SERVER.exec(line) : null;
    const listen = LISTEN.exec(line);
    if (upstreamServer) {
      // The first backend line stands for all of them; the others go.
      if (upstreamServers++ === 0) lines.push(...backends.map((backend) => `${upstreamServer[1]}server ${backend};`));
    } else if (listen) {
      listens++;
      lines.push(`${listen[1]}listen 127.0.0.1:${port};`);
    } else if (!SSL_DIRECTIVE.test(line)) {
      lines.push(line);
    }
  }
  if (upstreamServers === 0 || listens !== 1) {
    throw new Error(
      `the site file no longer has the shape its test rules expect (an \`upstream cockpit\` with \`server\` lines, one \`listen\` line): ` +
        `found ${upstreamServers} upstream server line(s) and ${listens} listen line(s)`,
    );
  }
  return lines.join('\n');
}

/** The production site file (`PRODUCTION_SITE`) with the test's changes (`siteForTest`). */
export function productionSiteForTest(options: TestSiteOptions): string {
  return siteForTest(readFileSync(PRODUCTION_SITE, 'utf8'), options);
}
