import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { notABackend } from './otherServices';

export interface CollectedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface CollectorReply {
  status: number;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** Answers only after this long. */
  delayMs?: number;
}

/** An OpenTelemetry Collector stand-in on loopback: records what arrives, answers what the test says. */
export class FakeCollector {
  readonly requests: CollectedRequest[] = [];
  reply: CollectorReply = { status: 200 };
  private server: Server | undefined;
  private readonly pending = new Set<NodeJS.Timeout>();
  private port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        this.requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body });
        const reply = this.reply;
        const timer = setTimeout(() => {
          this.pending.delete(timer);
          response.writeHead(reply.status, reply.headers);
          response.end(reply.body);
        }, reply.delayMs ?? 0);
        this.pending.add(timer);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    // What it answers the backend's forwarding is no backend's answer (see checkResponses.ts).
    notABackend().add(this.url);
  }

  async stop(): Promise<void> {
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    notABackend().delete(this.url);
  }
}
