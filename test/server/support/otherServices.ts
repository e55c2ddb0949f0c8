/**
 * The origins of stand-ins for other services on this machine (a fake OpenTelemetry Collector): what
 * they answer is theirs, not a backend's, so the contract check (checkResponses.ts) leaves it alone.
 * Kept on the global object, so that every module registry of a test file sees the same set.
 */
const KEY = Symbol.for('order-cockpit.test.notABackend');

export function notABackend(): Set<string> {
  const holder = globalThis as unknown as Record<symbol, Set<string> | undefined>;
  holder[KEY] ??= new Set<string>();
  return holder[KEY];
}
