// The floor of the fan-out: a minimal `node:http` server in a process of its own that holds the
// same event streams as the backends (the same clients connect to it) and writes them the same bytes
// (the run's stored events as the backend's blocks, `retry:` and `reset` first, a ping every 15 s) at
// the same times (each event when its change was taken in the run, from its stored `created_at`). The events of a tenant due within one of the backend's flush intervals go in one
// write, made once for all its streams, as the backend writes them: so the floor makes as many writes
// as the backend would, however busy the machine (a floor that wrote each event alone, or fell behind
// and wrote many at once, would cost per event whatever its timing gave). No sign-in check, no
// database, no replay: what is left is the cost of the streams themselves.
import http from 'node:http';
import { FLUSH_INTERVAL_MS } from '../../../server/events/LiveStream';
import { eventBlock, PING_BLOCK, retryBlock } from '../../../server/events/serverSentEvents';

export interface FloorEvent {
  tenant: number;
  id: number;
  type: string;
  data: string;
  /** When it is due, ms after the first. */
  at: number;
}

export type ToFloor =
  /** The tokens of each tenant (the floor tells a stream's tenant by its token) and where each tenant stands. */
  | { type: 'serve'; tokens: string[][]; lastIds: number[] }
  | { type: 'play'; events: FloorEvent[] };

export type FromFloor = { type: 'listening'; port: number } | { type: 'played'; seconds: number };

const RETRY_MS = 3000;
const PING_INTERVAL_MS = 15_000;
const TICK_MS = FLUSH_INTERVAL_MS;

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

function play(events: readonly FloorEvent[]): Promise<number> {
  const started = performance.now();
  let next = 0;
  return new Promise((resolve) => {
    const tick = () => {
      const elapsed = performance.now() - started;
      const texts: string[] = [];
      for (; next < events.length && (events[next] as FloorEvent).at <= elapsed; next++) {
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
    void play(message.events).then((seconds) => send({ type: 'played', seconds }));
  }
});
