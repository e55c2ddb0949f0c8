import pg from 'pg';
import type { Disposable } from '../../shared/Disposable';

/** What a subscriber of a channel is told. */
export interface NotificationListener {
  /** A notification of the channel (sent by a transaction that has committed), with its payload. */
  notified(payload: string): void;
  /**
   * The connection is listening (again): called after the first connect and after every reconnect,
   * before any notification that arrives on the new connection. After a reconnect, notifications sent
   * meanwhile are lost: the subscriber reads from the tables what it may have missed.
   */
  listening(reconnected: boolean): void | Promise<void>;
}

export interface PostgresNotificationsOptions {
  connectionString: string;
  /** The channels listened to (`LISTEN`), named as in `pg_notify(channel, payload)`. */
  channels: readonly string[];
  /** Failures of the connection and of subscribers (reported, never thrown). */
  onError: (error: unknown, message: string) => void;
  /** First wait before connecting again; doubled after each failed attempt up to `maxReconnectDelayMs`. Default 100 ms. */
  reconnectDelayMs?: number;
  /** Default 5 s. */
  maxReconnectDelayMs?: number;
  /**
   * How often the idle connection is asked `SELECT 1`, so that a connection cut without a word (a
   * dead network path, a server that went away) is noticed and replaced. Default 5 s.
   */
  heartbeatIntervalMs?: number;
  /** An answer (or a connect) that takes longer counts as a lost connection. Default 5 s. */
  heartbeatTimeoutMs?: number;
}

/**
 * The one connection of this process that listens to PostgreSQL notifications (`LISTEN`), kept
 * open: lost (the server restarted, the network was cut, the backend was terminated), it connects
 * again after a short wait that doubles with every failed attempt (100 ms … 5 s), listens again and
 * tells the subscribers (`listening(true)`), who fill the gap from the tables. A heartbeat notices a
 * connection that died silently. It also sends this process's wake-ups (`notify`).
 */
export class PostgresNotifications {
  private readonly subscribers = new Map<string, Set<NotificationListener>>();
  private client: pg.Client | undefined;
  private connected = false;
  private stopped = false;
  private delayMs: number;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private connecting: Promise<void> | undefined;
  private everConnected = false;
  /** Connections made so far (1 after the start): tests wait for a reconnect by it. */
  connections = 0;

  constructor(private readonly options: PostgresNotificationsOptions) {
    this.delayMs = options.reconnectDelayMs ?? 100;
    for (const channel of options.channels) this.subscribers.set(channel, new Set());
  }

  /** Whether the connection is listening now. */
  get isListening(): boolean {
    return this.connected;
  }

  /** The backend process id of the listening connection (`pg_backend_pid()`), while connected. */
  backendPid: number | undefined;

  /** Subscribes to one of the channels. Subscribe before `start` to hear `listening(false)`. */
  subscribe(channel: string, listener: NotificationListener): Disposable {
    const listeners = this.subscribers.get(channel);
    if (!listeners) throw new Error(`not listening to the channel ${channel}`);
    listeners.add(listener);
    return { dispose: () => listeners.delete(listener) };
  }

  /** Connects and listens; fails when the first connection fails (later losses are reconnected). */
  async start(): Promise<void> {
    await this.connect();
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), this.options.heartbeatIntervalMs ?? 5000);
    this.heartbeatTimer.unref();
  }

  /** Stops listening for good and closes the connection. */
  async close(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.heartbeatTimer);
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = undefined;
    this.connected = false;
    await client?.end().catch(() => undefined);
  }

  /**
   * Notifies `channel` once with each of `payloads`, in one transaction of this connection, which
   * commits without waiting for its flush to disk (`synchronous_commit` off): for hints whose loss
   * the listeners make good by reading the tables (EventWakeups.ts). Fails while not connected.
   */
  async notify(channel: string, payloads: readonly string[]): Promise<void> {
    const client = this.client;
    if (!client || !this.connected) throw new Error('the listening connection to PostgreSQL is not open');
    await client.query('SELECT pg_notify($1::text, payload) FROM unnest($2::text[]) AS payload', [channel, payloads]);
  }

  private connect(): Promise<void> {
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async open(): Promise<void> {
    const timeoutMs = this.options.heartbeatTimeoutMs ?? 5000;
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      connectionTimeoutMillis: timeoutMs,
      keepAlive: true,
      application_name: 'order-cockpit events',
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, undefined));
    client.on('notification', (message) => {
      if (client !== this.client || !this.connected) return;
      this.dispatch(message.channel, message.payload ?? '');
    });
    try {
      await client.connect();
      const [row] = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows;
      // What this connection commits is a wake-up (see `notify`): none waits for a flush to disk.
      await client.query('SET synchronous_commit = off');
      for (const channel of this.options.channels) {
        await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      }
      if (this.stopped) {
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
      this.backendPid = row?.pid;
    } catch (error) {
      client.removeAllListeners('end');
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
      throw error;
    }
    const reconnected = this.everConnected;
    this.everConnected = true;
    this.connected = true;
    this.connections += 1;
    this.delayMs = this.options.reconnectDelayMs ?? 100;
    // Subscribers catch up before notifications of the new connection reach them (they are held
    // back by `connected` only while this runs synchronously; a subscriber that reads the tables
    // takes the notifications that arrive meanwhile as further hints, see PostgresEventHub).
    for (const listeners of this.subscribers.values()) {
      for (const listener of listeners) {
        Promise.resolve()
          .then(() => listener.listening(reconnected))
          .catch((error: unknown) => this.options.onError(error, 'catching up after listening failed'));
      }
    }
  }

  private dispatch(channel: string, payload: string): void {
    for (const listener of this.subscribers.get(channel) ?? []) {
      try {
        listener.notified(payload);
      } catch (error) {
        this.options.onError(error, 'a notification listener failed');
      }
    }
  }

  /** The connection `client` failed or ended: unless it is an old one or the end is wanted, connect again. */
  private lost(client: pg.Client, error: Error | undefined): void {
    if (client !== this.client) return;
    this.client = undefined;
    this.connected = false;
    this.backendPid = undefined;
    // A failed or silent connection may still hold its socket: it goes at once, not after TCP gives up.
    client.connection.stream.destroy();
    client.end().catch(() => undefined);
    if (this.stopped) return;
    this.options.onError(error ?? new Error('the connection ended'), 'the listening connection to PostgreSQL was lost; reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    const delay = this.delayMs;
    this.delayMs = Math.min(this.delayMs * 2, this.options.maxReconnectDelayMs ?? 5000);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect().catch((error: unknown) => {
        if (this.stopped) return;
        this.options.onError(error, 'connecting the listening connection to PostgreSQL failed; trying again');
        this.scheduleReconnect();
      });
    }, delay);
    // Reconnecting alone must not keep a process alive.
    this.reconnectTimer.unref();
  }

  private async heartbeat(): Promise<void> {
    const client = this.client;
    if (!client || !this.connected || this.stopped) return;
    const timeoutMs = this.options.heartbeatTimeoutMs ?? 5000;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    try {
      const answered = client.query('SELECT 1').then(
        () => 'ok' as const,
        (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
      );
      const answer = await Promise.race([answered, timedOut]);
      if (answer === 'timeout') {
        this.lost(client, new Error(`no answer to the heartbeat within ${timeoutMs} ms`));
      } else if (answer instanceof Error) {
        this.lost(client, answer);
      }
    } finally {
      clearTimeout(timer);
    }
  }
}
