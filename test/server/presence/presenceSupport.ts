import type { RunningServer } from '../../../server/startServer';
import type { OrderPresence } from '../../../shared/OrderPresence';
import type { EventStreamClient, ReceivedEvent } from '../support/eventStream';
import { call } from '../support/testServer';

/** `PUT /api/orders/{id}/presence` with `editing`. */
export function announce(server: RunningServer | string, token: string, orderId: string, editing: string | null = null): Promise<Response> {
  return send(server, token, orderId, 'PUT', { editing });
}

/** `DELETE /api/orders/{id}/presence`. */
export function leave(server: RunningServer | string, token: string, orderId: string): Promise<Response> {
  return send(server, token, orderId, 'DELETE');
}

function send(server: RunningServer | string, token: string, orderId: string, method: string, body?: unknown): Promise<Response> {
  if (typeof server !== 'string') return call(server, `/api/orders/${orderId}/presence`, { method, token, body });
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${server}/api/orders/${orderId}/presence`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** The `presence` events a stream received for `orderId`, in order. */
export function presencesOf(client: EventStreamClient, orderId: string): OrderPresence[] {
  return client.events
    .filter((event: ReceivedEvent) => event.event === 'presence')
    .map((event) => JSON.parse(event.data) as OrderPresence)
    .filter((presence) => presence.orderId === orderId);
}

/** The last presence of `orderId` a stream was told, as `userId:editing` strings (undefined: none told yet). */
export function lastPresence(client: EventStreamClient, orderId: string): string[] | undefined {
  const all = presencesOf(client, orderId);
  return all[all.length - 1]?.present.map((user) => `${user.name}:${user.editing ?? '-'}`);
}

/** Waits until the last presence of `orderId` a stream was told is `expected`. */
export function untilPresence(client: EventStreamClient, orderId: string, expected: string[], timeoutMs = 5000): Promise<void> {
  return client.until((c) => JSON.stringify(lastPresence(c, orderId)) === JSON.stringify(expected), timeoutMs, `the presence ${JSON.stringify(expected)} of ${orderId}`);
}
