// The floor of the fan-out: a minimal `node:http` server in a process of its own that holds the
// same event streams as the backends (the same clients connect to it) and writes them the same bytes
// (the run's stored events as the backend's blocks, `retry:` and `reset` first, a ping every 15 s) at
// the same rate. The events of a tenant due at one moment go in one write, made once for all its
// streams. No sign-in check, no database, no replay: what is left is the cost of the streams themselves.
import http from 'node:http';
import { eventBlock, PING_BLOCK, retryBlock } from '../../../server/events/serverSentEvents';

export interface FloorEvent {
  tenant: number;
  id: number;
  type: string;
  data: string;
}

export type ToFloor =
  /** The tokens of each tenant (the floor tells a stream's tenant by its token) and where each tenant stands. */
  | { type: 'serve'; tokens: string[][]; lastIds: number[] }
  | { type: 'play'; events: FloorEvent[]; rate: number };

export type FromFloor = { type: 'listening'; port: number } | { type: 'played'; seconds: number };

const RETRY_MS = 3000;
const PING_INTERVAL_MS = 15_000;
const TICK_MS = 2;

const streams: Set<http.ServerResponse>[] = [];
const tenantOf = new Map<string, number>();
let lastIds: number[] = [];

function send(message: FromFloor): void {
  process.send?.(message);
}

const server = http.createServer((request, response) => {
  const token = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
  const tenant = tenantOf.get(token);
  if (tenant === undefined) {
    response.writeHead(401).end();
    return;
  }
  response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
  response.write(retryBlock(RETRY_MS) + eventBlock(lastIds[tenant] ?? 0, 'reset', '{}'));
  const set = (streams[tenant] ??= new Set());
  set.add(response);
  response.on('close', () => set.delete(response));
});
server.keepAliveTimeout = 0;
setInterval(() => {
  for (const set of streams) for (const response of set ?? []) response.write(PING_BLOCK);
}, PING_INTERVAL_MS).unref();

function play(events: readonly FloorEvent[], rate: number): Promise<number> {
  const started = performance.now();
  let next = 0;
  return new Promise((resolve) => {
    const tick = () => {
      const due = Math.min(events.length, Math.floor(((performance.now() - started) * rate) / 1000) + 1);
      const texts: string[] = [];
      for (; next < due; next++) {
        const event = events[next] as FloorEvent;
        texts[event.tenant] = (texts[event.tenant] ?? '') + eventBlock(event.id, event.type, event.data);
      }
      texts.forEach((text, tenant) => {
        const bytes = Buffer.from(text, 'utf8');
        for (const response of streams[tenant] ?? []) response.write(bytes);
      });
      if (next < events.length) setTimeout(tick, TICK_MS);
      else resolve((performance.now() - started) / 1000);
    };
    tick();
  });
}

process.on('message', (message: ToFloor) => {
  if (message.type === 'serve') {
    message.tokens.forEach((tokens, tenant) => {
      for (const token of tokens) tenantOf.set(token, tenant);
    });
    lastIds = message.lastIds;
    server.listen(0, '127.0.0.1', () => send({ type: 'listening', port: (server.address() as { port: number }).port }));
  } else if (message.type === 'play') {
    void play(message.events, message.rate).then((seconds) => send({ type: 'played', seconds }));
  }
});
