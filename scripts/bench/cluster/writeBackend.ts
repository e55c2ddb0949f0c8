// The writes through the backend: `PATCH /api/orders/{id}` with `If-Match` as the console sends it,
// the next version from the answer's ETag; a 412 (someone else changed the order first) takes the
// version its ETag names and counts apart.
import http from 'node:http';
import type { Session, WriterOrder } from './api';
import type { WriteOutcome } from './writeLoop';

const TAG = /^"(\d+)"$/;

/** One request on `agent`'s keep-alive connections; answers the status and the ETag (the body is read and dropped). */
export function send(url: string, agent: http.Agent, options: http.RequestOptions, body?: string): Promise<{ status: number; etag: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { ...options, agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, etag: String(response.headers.etag ?? '') }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** The version an ETag names (`"7"`), if it names one. */
function versionOf(etag: string): number | undefined {
  const version = TAG.exec(etag)?.[1];
  return version ? Number(version) : undefined;
}

/**
 * `PATCH /api/orders/{id}` of `order` at the backend `url` with `If-Match` and `station`, as the console
 * sends a change; `order.version` becomes the one the answer's ETag names. Answers the status and that version.
 */
export async function patchStation(url: string, agent: http.Agent, token: string, order: WriterOrder, station: string): Promise<{ status: number; version?: number }> {
  const body = JSON.stringify({ station });
  const { status, etag } = await send(
    `${url}/api/orders/${order.id}`,
    agent,
    {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'if-match': `"${order.version}"`,
      },
    },
    body,
  );
  const version = versionOf(etag);
  if (version !== undefined) order.version = version;
  return { status, version };
}

/** `GET /api/orders/{id}` of `order` at the backend `url`: the status and the version its ETag names. */
export async function readVersion(url: string, agent: http.Agent, token: string, order: WriterOrder): Promise<{ status: number; version?: number }> {
  const { status, etag } = await send(`${url}/api/orders/${order.id}`, agent, { headers: { authorization: `Bearer ${token}` } });
  return { status, version: versionOf(etag) };
}

/**
 * Writer `w` changes orders of tenant `w % 2` through backend `w % urls.length`, each on a
 * connection of its own; an order is changed by one writer at a time (taken from its tenant's queue
 * and put back after), as operators seldom change the same order at once.
 */
export function backendWriter(urls: readonly string[], sessions: readonly Session[], orders: readonly WriterOrder[][]): { change(writer: number): Promise<WriteOutcome>; close(): void } {
  const agents = new Map<number, http.Agent>();
  const queues = orders.map((list) => list.map((order) => ({ ...order })));
  let sequence = 0;
  return {
    async change(writer) {
      const tenant = writer % queues.length;
      const queue = queues[tenant] as WriterOrder[];
      const order = queue.shift();
      if (!order) return 'error';
      const url = urls[writer % urls.length] as string;
      let agent = agents.get(writer);
      if (!agent) {
        agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        agents.set(writer, agent);
      }
      const session = sessions[tenant] as Session;
      const station = `W-${sequence++}`;
      try {
        const { status, version } = await patchStation(url, agent, session.token, order, station);
        if (status === 200) return 'changed';
        if (status === 412 && version === undefined) {
          // No ETag with it: read the order's version.
          const current = (await readVersion(url, agent, session.token, order)).version;
          if (current !== undefined) order.version = current;
        }
        return status === 412 ? 'conflict' : 'error';
      } catch {
        return 'error';
      } finally {
        queue.push(order);
      }
    },
    close() {
      for (const agent of agents.values()) agent.destroy();
    },
  };
}
