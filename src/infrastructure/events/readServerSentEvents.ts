import { createParser } from 'eventsource-parser';
import type { ServerEvent } from '../../domain/ports/EventStream';

/** What reading a stream tells its connection, as it happens. */
export interface ServerSentEventsReader {
  /** Any bytes arrived (a `: ping` comment included): the connection is alive. */
  heard(): void;
  /** An event whose data is JSON (an empty `data:` reads as `null`); `id` as sent, if any. */
  event(event: ServerEvent, id: string | undefined): void;
  /** An event whose data is not JSON: skipped, its id still counts as received. */
  skipped(id: string | undefined): void;
  /** The server's `retry:` in milliseconds. */
  retry(ms: number): void;
  /** False once the connection is stale: reading stops and nothing more is told. */
  current(): boolean;
}

/**
 * Reads a `text/event-stream` body with eventsource-parser until it ends, fails or the connection
 * is no longer current; never rejects (a dropped network or an abort ends it like the end of the body).
 */
export async function readServerSentEvents(body: ReadableStream<Uint8Array>, reader: ServerSentEventsReader): Promise<void> {
  const parser = createParser({
    onEvent: (message) => {
      if (!reader.current()) {
        return;
      }
      const type = message.event ?? 'message';
      let data: unknown;
      try {
        data = message.data === '' ? null : JSON.parse(message.data);
      } catch {
        console.warn('A live event was skipped: its data is not JSON', { id: message.id, type });
        reader.skipped(message.id);
        return;
      }
      reader.event({ id: message.id ?? '', type, data }, message.id);
    },
    onRetry: (ms) => {
      if (reader.current()) {
        reader.retry(ms);
      }
    },
  });
  const decoder = new TextDecoder();
  const bytes = body.getReader();
  try {
    for (;;) {
      const { done, value } = await bytes.read();
      if (done || !reader.current()) {
        return;
      }
      reader.heard();
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } catch {
    // The network dropped mid-stream, or the connection was aborted: the caller decides.
  } finally {
    bytes.cancel().catch(() => undefined);
  }
}
