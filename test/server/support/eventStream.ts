import { createParser } from 'eventsource-parser';
import type { RunningServer } from '../../../server/startServer';

/** One server-sent event as a client receives it. */
export interface ReceivedEvent {
  id: string | undefined;
  event: string | undefined;
  data: string;
}

export interface OpenStreamOptions {
  token?: string;
  lastEventId?: string;
}

/**
 * A client of `GET /api/events` over fetch, reading as the browser's would: events are complete only
 * at their blank line (eventsource-parser). `text` is everything received, as received.
 */
export class EventStreamClient {
  /**
   * The `reset` a stream opened without `Last-Event-ID` starts with (its id: the tenant's last event
   * id, the one the stream goes on after); kept apart from `events`, which hold what follows it.
   */
  opening: ReceivedEvent | undefined;
  readonly events: ReceivedEvent[] = [];
  readonly comments: string[] = [];
  retry: number | undefined;
  text = '';
  /** Settles when the body ends (true) or the connection fails or is aborted (false). */
  readonly ended: Promise<boolean>;
  private readonly waiters = new Set<() => void>();
  private readonly controller: AbortController;
  private finished = false;

  private constructor(
    readonly response: Response,
    controller: AbortController,
    private readonly fresh: boolean,
  ) {
    this.controller = controller;
    this.ended = this.read();
  }

  /** Opens a stream; resolves with the answer's head (whatever its status). */
  static async open(server: RunningServer | string, options: OpenStreamOptions = {}): Promise<EventStreamClient> {
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
    const controller = new AbortController();
    const url = typeof server === 'string' ? server : server.url;
    const response = await fetch(`${url}/api/events`, { headers, signal: controller.signal });
    return new EventStreamClient(response, controller, options.lastEventId === undefined);
  }

  /** The id of the last complete event, as a browser would send it on resume. */
  get lastEventId(): string | undefined {
    for (let index = this.events.length - 1; index >= 0; index--) {
      const id = this.events[index]?.id;
      if (id !== undefined) return id;
    }
    return this.opening?.id;
  }

  get isFinished(): boolean {
    return this.finished;
  }

  /** Drops the connection, as a network failure would. */
  abort(): void {
    this.controller.abort();
  }

  /** Waits until `condition` holds for what arrived, or fails after `timeoutMs`. */
  async until(condition: (client: EventStreamClient) => boolean, timeoutMs = 5000, what = 'the expected events'): Promise<void> {
    if (condition(this)) return;
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (condition(this)) {
          finish();
          resolve();
        } else if (this.finished) {
          finish();
          reject(new Error(`the stream ended before ${what} arrived; received: ${this.text.slice(0, 2000)}`));
        }
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`${what} did not arrive within ${timeoutMs} ms; received: ${this.text.slice(0, 2000)}`));
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
    });
  }

  /** Waits for `count` events (of any kind) in all. */
  untilEvents(count: number, timeoutMs = 5000): Promise<void> {
    return this.until((client) => client.events.length >= count, timeoutMs, `${count} events`);
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  private async read(): Promise<boolean> {
    const parser = createParser({
      onEvent: (event) => {
        const received = { id: event.id, event: event.event, data: event.data };
        if (this.fresh && !this.opening && this.events.length === 0 && received.event === 'reset') {
          this.opening = received;
        } else {
          this.events.push(received);
        }
      },
      onComment: (comment) => this.comments.push(comment),
      onRetry: (retry) => {
        this.retry = retry;
      },
    });
    const body = this.response.body;
    let ok = false;
    try {
      if (body) {
        const decoder = new TextDecoder();
        for await (const chunk of body) {
          const text = decoder.decode(chunk as Uint8Array, { stream: true });
          this.text += text;
          parser.feed(text);
          this.notify();
        }
      }
      ok = true;
    } catch {
      ok = false;
    } finally {
      this.finished = true;
      this.notify();
    }
    return ok;
  }
}
