import http from 'node:http';
import { reconnectDelay } from '../../../src/infrastructure/events/reconnectDelay';

/** Where a client hands each order event it reads, and whether it had moved to another backend by then. */
export interface EventSink {
  /** Read time minus the order's `updatedAt` (the backend's clock before its transaction), ms. */
  sinceUpdatedAt(ms: number, moved: boolean): void;
  /** The change's number at the writer (`station` `C-<n>`) and when the event was read (`Date.now()`). */
  arrived(change: number, at: number, moved: boolean): void;
}

/** What one event-stream client of the cluster bench saw, checked against its tenant's ids. */
export interface ClientSummary {
  tenant: number;
  /** The backend it started on, and whether it ever continued on another one. */
  home: number;
  moved: boolean;
  /** Order events received in all (duplicates included). */
  received: number;
  /** The first id it should get (the tenant's last id before the writes, plus one) and the last it got. */
  firstExpected: number;
  lastId: number;
  /** Ids received again or after a later one. */
  duplicates: number;
  /** Ids skipped (a later id arrived before them). */
  missing: number;
  resets: number;
  /** Streams lost and opened again. */
  reconnects: number;
  /** The longest time between losing a stream and having the next one open, in ms. */
  longestGapMs: number;
}

const UPDATED_AT = Buffer.from('"updatedAt":"', 'latin1');
const STATION = Buffer.from('"station":"C-', 'latin1');
const BLOCK_END = Buffer.from('\n\n', 'latin1');
const RETRY = Buffer.from('retry: ', 'latin1');
const NEWLINE = 10;
const DIGIT_0 = 48;
/** The letter after `event: ` of a reset (order events have `o`). */
const RESET_LETTER = 'r'.charCodeAt(0);

/** Whether `bytes` holds `prefix` at `at`. */
function startsWith(bytes: Buffer, prefix: Buffer, at: number): boolean {
  if (at + prefix.length > bytes.length) return false;
  for (let index = 0; index < prefix.length; index++) if (bytes[at + index] !== prefix[index]) return false;
  return true;
}

/** The decimal number of the digits at `from` (up to the first other byte before `end`). */
function digitsAt(bytes: Buffer, from: number, end: number): number {
  let value = 0;
  for (let at = from; at < end; at++) {
    const digit = (bytes[at] as number) - DIGIT_0;
    if (digit < 0 || digit > 9) break;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * When each event's change was taken (its order's `updatedAt`, ms), by tenant and id: every client of a
 * tenant in this process reads the same events, so each `updatedAt` is looked for and parsed once.
 */
const writtenAt = new Map<string, number>();
const WRITTEN_AT_KEPT = 20_000;

function writtenOf(tenant: number, id: number, bytes: Buffer, from: number, end: number): number {
  const key = `${tenant}:${id}`;
  let written = writtenAt.get(key);
  if (written === undefined) {
    const at = bytes.indexOf(UPDATED_AT, from);
    written = at >= 0 && at < end ? Date.parse(bytes.toString('latin1', at + UPDATED_AT.length, at + UPDATED_AT.length + 24)) : Number.NaN;
    if (writtenAt.size >= WRITTEN_AT_KEPT) writtenAt.clear();
    writtenAt.set(key, written);
  }
  return written;
}

/**
 * One console's event stream as cheaply as a load generator can have it: `GET /api/events` with
 * plain `node:http`, the body read as latin1 (the markers are ASCII) and cut at blank lines, only the
 * `id`, the event type and the order's `updatedAt` looked at, no JSON parsed. When the stream ends
 * or fails it comes back like the console (FetchEventStream): after `reconnectDelay` from the server's
 * `retry:`, with `Last-Event-ID`, and here on the next backend of `urls` (the one it was on may be gone).
 *
 * Each order event goes to the sink with its read time: the caller matches it with the moment the
 * writer had the change's answer (after the commit), and with the order's `updatedAt` (before the lock).
 */
export class EventClient {
  private index: number;
  private lastId = -1;
  private firstExpected = -1;
  private received = 0;
  private duplicates = 0;
  private missing = 0;
  private resets = 0;
  private reconnects = 0;
  private attempt = 0;
  private serverRetry: number | null = null;
  private moved = false;
  private lostAt = 0;
  private longestGapMs = 0;
  /** The start of a block that the next chunk completes. */
  private rest: Buffer | undefined;
  private request: http.ClientRequest | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Resolves once the first stream is open (its answer's headers arrived: the backend listens for it). */
  readonly opened: Promise<void>;
  private markOpened: () => void = () => {};

  constructor(
    private readonly urls: readonly string[],
    readonly tenant: number,
    private readonly home: number,
    private readonly token: string,
    private readonly agent: http.Agent,
    private readonly sink: EventSink,
  ) {
    this.index = home;
    this.opened = new Promise((resolve) => (this.markOpened = resolve));
    this.connect();
  }

  /** The tenant's last id before the writes start: the client expects every id after it. */
  expectAfter(lastId: number): void {
    this.firstExpected = lastId + 1;
    if (this.lastId < 0) this.lastId = lastId;
  }

  summary(): ClientSummary {
    return {
      tenant: this.tenant,
      home: this.home,
      moved: this.moved,
      received: this.received,
      firstExpected: this.firstExpected,
      lastId: this.lastId,
      duplicates: this.duplicates,
      missing: this.missing,
      resets: this.resets,
      reconnects: this.reconnects,
      longestGapMs: this.longestGapMs,
    };
  }

  get last(): number {
    return this.lastId;
  }

  /** Whether it has continued on another backend than the one it started on. */
  get hasMoved(): boolean {
    return this.moved;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.request?.destroy();
  }

  private connect(): void {
    const headers: http.OutgoingHttpHeaders = { authorization: `Bearer ${this.token}`, accept: 'text/event-stream' };
    if (this.lastId >= 0) headers['last-event-id'] = String(this.lastId);
    let lost = false;
    const lose = () => {
      if (lost) return;
      lost = true;
      this.lost();
    };
    const request = http.get(`${this.urls[this.index]}/api/events`, { agent: this.agent, headers }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        lose();
        return;
      }
      if (this.lostAt > 0) {
        this.longestGapMs = Math.max(this.longestGapMs, Date.now() - this.lostAt);
        this.lostAt = 0;
      }
      this.attempt = 0;
      this.rest = undefined;
      this.markOpened();
      response.on('data', (chunk: Buffer) => this.feed(chunk));
      response.on('end', lose);
      response.on('error', lose);
      response.on('close', lose);
    });
    request.on('error', lose);
    this.request = request;
  }

  private lost(): void {
    if (this.closed) return;
    this.request?.destroy();
    if (this.lostAt === 0) this.lostAt = Date.now();
    this.reconnects++;
    this.attempt++;
    // A load balancer would send it to a backend that is up; here it tries the next one.
    this.index = (this.index + 1) % this.urls.length;
    this.moved = true;
    this.timer = setTimeout(() => this.connect(), reconnectDelay(this.attempt, this.serverRetry, Math.random()));
  }

  /**
   * One pass over the bytes that arrived, undecoded (the markers are ASCII): each complete block
   * handled where it lies, the start of an incomplete one kept for the next chunk.
   */
  private feed(chunk: Buffer): void {
    const bytes = this.rest ? Buffer.concat([this.rest, chunk]) : chunk;
    const now = Date.now();
    let start = 0;
    for (let end = bytes.indexOf(BLOCK_END, start); end >= 0; end = bytes.indexOf(BLOCK_END, start)) {
      this.block(bytes, start, end, now);
      start = end + 2;
    }
    this.rest = start < bytes.length ? bytes.subarray(start) : undefined;
  }

  /** One event block `bytes[start, end)`: `id: n\nevent: type\ndata: …`, `retry: n` or a `: ping`. */
  private block(bytes: Buffer, start: number, end: number, now: number): void {
    if (startsWith(bytes, RETRY, start)) {
      this.serverRetry = digitsAt(bytes, start + RETRY.length, end);
      return;
    }
    // `id: ` (a ping starts with `:`).
    if (bytes[start] !== 0x69 || bytes[start + 1] !== 0x64 || bytes[start + 2] !== 0x3a) return;
    const idEnd = bytes.indexOf(NEWLINE, start);
    const id = digitsAt(bytes, start + 4, idEnd);
    if (bytes[idEnd + 1 + 'event: '.length] === RESET_LETTER) {
      // A first connection starts with a reset naming where it stands; only a later one says a gap.
      if (this.lastId >= 0) this.resets++;
      this.lastId = id;
      return;
    }
    this.received++;
    if (id === this.lastId + 1 || this.lastId < 0) {
      this.lastId = id;
    } else if (id <= this.lastId) {
      this.duplicates++;
    } else {
      this.missing += id - this.lastId - 1;
      this.lastId = id;
    }
    const written = writtenOf(this.tenant, id, bytes, idEnd, end);
    if (!Number.isNaN(written)) this.sink.sinceUpdatedAt(now - written, this.moved);
    const station = bytes.indexOf(STATION, idEnd);
    if (station >= 0 && station < end) this.sink.arrived(digitsAt(bytes, station + STATION.length, end), now, this.moved);
  }
}
