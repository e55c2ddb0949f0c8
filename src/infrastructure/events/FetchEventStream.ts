import { action, makeObservable, observable } from 'mobx';
import type { Disposable } from '../../../shared/Disposable';
import type { Language } from '../../../shared/Language';
import { Emitter } from '../../domain/model/Emitter';
import type { EventStream, EventStreamState, ServerEvent } from '../../domain/ports/EventStream';
import type { RefusedRequest } from '../../domain/ports/HttpClient';
import type { Clock } from '../../domain/ports/Clock';
import type { Timers } from '../../domain/ports/Timers';
import { sessionCredentials, type SessionCredentials } from '../http/sessionCredentials';
import { discard, requestEventStream } from './eventStreamRequest';
import { readServerSentEvents } from './readServerSentEvents';
import { ReconnectBackoff } from './ReconnectBackoff';
import { SilenceWatchdog } from './SilenceWatchdog';

/** The stream's path under the API base, as 401 announcements name it (like the HttpClient's). */
const EVENTS_PATH = '/events';
/** A connection silent this long counts as dropped: the backend sends a `: ping` every 15 s. */
export const SILENCE_TIMEOUT = 45_000;
export const NOT_AN_EVENT_STREAM = 'live.errors.notAnEventStream';

/** What the stream needs from the page: network events and `navigator.onLine`. */
export interface EventStreamWindow {
  readonly navigator: { readonly onLine: boolean };
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline', listener: () => void): void;
}

export interface FetchEventStreamOptions {
  /** The stream's address, `{apiBase}/events`. */
  url: string;
  /** The language a connection asks its answers in (`x-ui-locale`), read as it starts. */
  language: () => Language;
  window: EventStreamWindow;
  timers: Timers;
  clock: Clock;
  /** Default: the global `fetch`. */
  fetch?: typeof fetch;
  /** Jitter source in [0, 1); default `Math.random`. */
  random?: () => number;
}

/** One request and the body it answered with; a newer connection makes every older one stale. */
interface Connection {
  readonly controller: AbortController;
}

/**
 * The EventStream on `fetch` and eventsource-parser: the browser's EventSource can send no
 * `Authorization` header, so this client reads the stream itself and owns its reconnect loop.
 *
 * - It carries the token `open(token)` was given until `close()`: a new session's token comes with
 *   a new `open`. Each connection reads the language as it starts.
 * - Reconnect waits follow {@link ReconnectBackoff} (the server's `retry:` as base, doubling,
 *   jittered, at most 30 s); the attempt count starts over once a connection is live. A `Retry-After`
 *   on a refused answer lengthens the wait, never beyond 30 s.
 * - A connection sent without `Last-Event-ID` (the first after `open()`, or any before an event with
 *   an id arrived) is started by the backend with a `reset` whose id is where it goes on: what
 *   happened before it cannot be replayed.
 * - An event's id is recorded only once every listener returned. When a listener throws, the
 *   connection is dropped and resumed from the last recorded id, so the event comes again (listeners
 *   apply whole orders and are idempotent); such a connection does not count as live for the
 *   backoff, so a listener that always fails is retried ever more slowly, not every 3 s.
 * - An event whose data is not JSON is skipped with a warning (its id still counts as received);
 *   an empty `data:` reads as `null`.
 * - 45 s without a byte (request included) drop the connection ({@link SilenceWatchdog}); `offline` pauses without timers,
 *   `online` reconnects at once with a fresh attempt count.
 * - `open()` after a stop (401, `failed`, no token) or `close()` starts afresh without an id;
 *   `renew(token)` (the session's token renewed) connects again at once with the new token and
 *   resumes from the last id, also after the old token's 401 stopped it.
 */
export class FetchEventStream implements EventStream, Disposable {
  state: EventStreamState = 'idle';
  errorKey: string | null = null;

  private readonly events = new Emitter<ServerEvent>();
  private readonly unauthorized = new Emitter<RefusedRequest>();

  readonly onDidReceiveEvent = this.events.event;
  readonly onDidReceiveUnauthorized = this.unauthorized.event;

  private readonly window: EventStreamWindow;
  private readonly fetch: typeof fetch;
  private readonly clock: Clock;
  private readonly backoff: ReconnectBackoff;
  private readonly watchdog: SilenceWatchdog;

  /** From `open()` until `close()` or a stop: the loop keeps a connection up. */
  private running = false;
  private disposed = false;
  private connection: Connection | null = null;
  /** The id of the last event all listeners handled, sent as `Last-Event-ID` on resume. */
  private lastEventId: string | null = null;
  private hasBeenLive = false;
  /** The session's token, from `open(token)` until `close()`. */
  private token: string | null = null;

  constructor(private readonly options: FetchEventStreamOptions) {
    this.window = options.window;
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.clock = options.clock;
    this.backoff = new ReconnectBackoff(options.timers, options.random ?? Math.random);
    this.watchdog = new SilenceWatchdog(options.timers, options.clock, SILENCE_TIMEOUT);
    makeObservable<FetchEventStream, 'setState'>(this, {
      state: observable,
      errorKey: observable,
      setState: action,
    });
    this.window.addEventListener('offline', this.handleOffline);
    this.window.addEventListener('online', this.handleOnline);
  }

  open(token: string): void {
    if (this.running || this.disposed) {
      return;
    }
    this.running = true;
    this.token = token;
    this.lastEventId = null;
    this.backoff.reset();
    this.hasBeenLive = false;
    this.connect();
  }

  renew(token: string): void {
    if (this.disposed) {
      return;
    }
    this.token = token;
    if (!this.running) {
      this.running = true;
      this.backoff.reset();
    }
    this.connect();
  }

  close(): void {
    this.stop('idle');
    this.token = null;
    this.lastEventId = null;
    this.backoff.reset();
  }

  dispose(): void {
    this.close();
    this.disposed = true;
    this.window.removeEventListener('offline', this.handleOffline);
    this.window.removeEventListener('online', this.handleOnline);
    this.events.dispose();
    this.unauthorized.dispose();
  }

  private readonly handleOffline = (): void => {
    if (this.running) {
      this.disconnect();
      this.setState('offline');
    }
  };

  private readonly handleOnline = (): void => {
    if (this.running && (this.state === 'offline' || this.backoff.waiting)) {
      this.backoff.reset({ keepServerRetry: true });
      this.connect();
    }
  };

  private connect(): void {
    this.disconnect();
    const credentials = sessionCredentials({ token: this.token, language: this.options.language() });
    if (this.window.navigator.onLine === false) {
      this.setState('offline');
      return;
    }
    const connection: Connection = { controller: new AbortController() };
    this.connection = connection;
    this.setState(this.hasBeenLive || this.backoff.failing ? 'reconnecting' : 'connecting');
    this.watchdog.watch(() => {
      if (this.isCurrent(connection)) {
        this.reconnectLater();
      }
    });
    void this.run(connection, credentials, this.lastEventId || null);
  }

  private async run(connection: Connection, credentials: SessionCredentials, resumeFrom: string | null): Promise<void> {
    const answer = await requestEventStream(this.fetch, {
      url: this.options.url,
      headers: credentials.headers,
      resumeFrom,
      signal: connection.controller.signal,
      now: () => this.clock.now(),
    });
    if (!this.isCurrent(connection)) {
      // Our own abort, or a newer connection took over: nothing happens.
      if (answer.kind === 'stream') {
        discard(answer.response);
      }
      return;
    }
    switch (answer.kind) {
      case 'unreachable':
        this.reconnectLater();
        return;
      case 'unauthorized':
        this.stop('idle');
        this.unauthorized.fire({ path: EVENTS_PATH, token: credentials.token });
        return;
      case 'refused':
        this.reconnectLater(answer.retryAfterMs);
        return;
      case 'notAnEventStream':
        this.stop('failed', NOT_AN_EVENT_STREAM);
        return;
    }
    const { response } = answer;
    this.backoff.wentLive();
    this.hasBeenLive = true;
    this.setState('live');
    this.watchdog.heard();
    if (response.body && this.isCurrent(connection)) {
      await readServerSentEvents(response.body, {
        heard: () => this.watchdog.heard(),
        event: (event, id) => this.deliver(connection, event, id),
        skipped: (id) => this.record(id),
        retry: (ms) => this.backoff.setServerRetry(ms),
        current: () => this.isCurrent(connection),
      });
    }
    if (this.isCurrent(connection)) {
      // The backend ended the stream (restart, expired token): resume after a wait.
      this.reconnectLater();
    }
  }

  /** Hands an event to every listener and records its id only when all of them returned. */
  private deliver(connection: Connection, event: ServerEvent, id: string | undefined): void {
    try {
      this.events.fire(event);
    } catch (error) {
      if (this.isCurrent(connection)) {
        console.error('A live event listener failed; the stream resumes before this event', event.type, error);
        this.backoff.liveFailed();
        this.reconnectLater();
      }
      return;
    }
    // A listener may have closed or reopened the stream: then this id belongs to no stream.
    if (this.isCurrent(connection)) {
      this.record(id);
    }
  }

  private record(id: string | undefined): void {
    if (id !== undefined) {
      this.lastEventId = id;
    }
  }

  private reconnectLater(requested: number | null = null): void {
    this.disconnect();
    if (!this.running) {
      return;
    }
    this.setState('reconnecting');
    this.backoff.schedule(() => this.connect(), requested);
  }

  /** Aborts the current connection and clears every timer. */
  private disconnect(): void {
    this.connection?.controller.abort();
    this.connection = null;
    this.watchdog.dispose();
    this.backoff.cancel();
  }

  private stop(state: 'idle' | 'failed', errorKey: string | null = null): void {
    this.running = false;
    this.disconnect();
    this.setState(state, errorKey);
  }

  private isCurrent(connection: Connection): boolean {
    return this.connection === connection;
  }

  private setState(state: EventStreamState, errorKey: string | null = null): void {
    this.state = state;
    this.errorKey = errorKey;
  }
}
