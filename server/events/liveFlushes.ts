/** A stream with live events to write (`LiveStream`). */
export interface Flushable {
  flush(): void;
}

/**
 * Live events are written at most once per this interval: an event that comes after a quiet spell is
 * written at once (on the next turn of the event loop), those that come sooner after a write wait for
 * the interval's end and go together. Each stream writes them with one `write()`, and the streams of
 * a tenant at the same position write the same bytes, made once. A write to a socket costs far more
 * than the bytes of one more event in it (on loopback, about the whole of a delivery's processor
 * time), so under load this is what a stream costs; an event waits at most this long for it.
 */
export const FLUSH_INTERVAL_MS = 20;

/** Streams with live events to write at the next flush, in the order they got them. */
const dirty = new Set<Flushable>();
let flushTimer: NodeJS.Timeout | undefined;
let lastFlush = -Infinity;

/** Has `stream` write its live events at the next flush (see `FLUSH_INTERVAL_MS`). */
export function flushSoon(stream: Flushable): void {
  dirty.add(stream);
  if (flushTimer) return;
  flushTimer = setTimeout(flushAll, Math.max(0, lastFlush + FLUSH_INTERVAL_MS - performance.now()));
}

function flushAll(): void {
  flushTimer = undefined;
  lastFlush = performance.now();
  const streams = [...dirty];
  dirty.clear();
  for (const stream of streams) stream.flush();
}
