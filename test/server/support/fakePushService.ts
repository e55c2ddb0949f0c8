import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** One message as the push service received it. */
export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** An answer the push service gives instead of 201 for a path. */
export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
}

/** Whether `openssl` can make the test certificate (the `web-push` package sends over HTTPS only). */
export function opensslAvailable(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A self-signed certificate for 127.0.0.1, valid for a day, made with `openssl` for this test run only. */
function loopbackCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'cockpit-push-tls-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert,
        '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A push service on loopback (HTTPS with a certificate of its own): answers 201 to every POST unless
 * an answer is scripted for the path, and keeps what it received. `agent` trusts its certificate.
 */
export class FakePushService {
  readonly received: ReceivedPush[] = [];
  readonly answers = new Map<string, ScriptedAnswer[]>();
  private readonly waiters = new Set<() => void>();

  private constructor(
    private readonly server: Server,
    readonly agent: Agent,
    readonly origin: string,
  ) {}

  static async start(): Promise<FakePushService> {
    const { key, cert } = loopbackCertificate();
    // The handler needs the service, which needs the server's port: filled in once listening.
    const holder: { service?: FakePushService } = {};
    const server = createServer({ key, cert }, (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const requestPath = request.url ?? '/';
        const { service } = holder;
        service?.received.push({ path: requestPath, headers: request.headers, body: Buffer.concat(chunks) });
        const answer = service?.answers.get(requestPath)?.shift() ?? { status: 201 };
        response.writeHead(answer.status, answer.headers).end();
        for (const wake of service?.waiters ?? []) wake();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    // keepAlive off: a closing test leaves no socket behind.
    holder.service = new FakePushService(server, new Agent({ ca: cert, keepAlive: false }), `https://127.0.0.1:${port}`);
    return holder.service;
  }

  /** Its `host:port`, to allowlist explicitly (`push.endpoints.allowedHosts`): it runs on loopback. */
  get host(): string {
    return new URL(this.origin).host;
  }

  /** Answers the next messages to `path` with these, in turn. */
  script(pathname: string, ...answers: ScriptedAnswer[]): void {
    this.answers.set(pathname, [...(this.answers.get(pathname) ?? []), ...answers]);
  }

  /** Resolves once `count` messages arrived. */
  async until(count: number, timeoutMs = 10_000): Promise<ReceivedPush[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline) throw new Error(`the push service got ${this.received.length} messages, not ${count}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, 100);
        this.waiters.add(wake);
      });
    }
    return this.received.slice(0, count);
  }

  async close(): Promise<void> {
    this.agent.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
