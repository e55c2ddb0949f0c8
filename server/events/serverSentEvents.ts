/**
 * The text of server-sent events (HTML Living Standard, "Server-sent events"). Each function answers
 * one complete block, ending in the blank line that dispatches it, so that a block is written in one
 * `write()`: a client never holds half an event longer than the network takes.
 */

/** Sent first: how long a client waits before reconnecting, in milliseconds. */
export function retryBlock(milliseconds: number): string {
  return `retry: ${milliseconds}\n\n`;
}

/** A comment line, which keeps proxies and clients from taking a quiet connection for a dead one. */
export const PING_BLOCK = ': ping\n\n';

/** One event. `data` must be a single line (JSON text is). */
export function eventBlock(id: number, type: string, data: string): string {
  return `id: ${id}\nevent: ${type}\ndata: ${data}\n\n`;
}

/**
 * An event without an id (`presence`): it does not move the client's `Last-Event-ID` and is never
 * replayed. `data` must be a single line (JSON text is).
 */
export function unnumberedBlock(type: string, data: string): string {
  return `event: ${type}\ndata: ${data}\n\n`;
}
