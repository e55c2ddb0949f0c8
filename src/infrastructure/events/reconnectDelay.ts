/** The first wait when the server named none (`retry:`), and the floor of any server value. */
export const MIN_RECONNECT_DELAY = 1_000;
/** No wait between two attempts is longer. */
export const MAX_RECONNECT_DELAY = 30_000;

/**
 * How long to wait before reconnection attempt `attempt` (1, 2, …), with "equal jitter": the wait is
 * drawn from [d/2, d] where d = min(30 s, base · 2^attempt) and base is the server's `retry:` value
 * (clamped to 1–30 s) or 1 s. So the first wait lies between base and 2 · base (the server's value is
 * honoured as the shortest first wait), each further attempt doubles both ends, and from the cap on
 * waits lie between 15 and 30 s. Jitter keeps many consoles that lost the backend together from
 * knocking again at the same moment.
 *
 * @param random a number in [0, 1), as from `Math.random`
 */
export function reconnectDelay(attempt: number, serverRetry: number | null, random: number): number {
  const base = Math.min(MAX_RECONNECT_DELAY, Math.max(MIN_RECONNECT_DELAY, serverRetry ?? MIN_RECONNECT_DELAY));
  const ceiling = Math.min(MAX_RECONNECT_DELAY, base * 2 ** Math.max(1, attempt));
  return Math.round(ceiling / 2 + random * (ceiling / 2));
}
