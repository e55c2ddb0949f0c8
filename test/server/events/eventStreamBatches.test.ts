import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { StoredEvent } from '../../../server/events/EventHub';
import type { EventPosition } from '../../../server/events/EventLog';
import { FLUSH_INTERVAL_MS, LiveStream } from '../../../server/events/LiveStream';
import { eventually } from '../../support/eventually';

const TENANT = 'tenant-a';

/** A response that records every write; `full` makes `write` answer false until `drain()`. */
class FakeResponse extends EventEmitter {
  readonly chunks: (string | Buffer)[] = [];
  writableNeedDrain = false;
  full = false;
  ended = false;

  write(chunk: string | Buffer): boolean {
    this.chunks.push(chunk);
    if (this.full) this.writableNeedDrain = true;
    return !this.full;
  }

  drain(): void {
    this.full = false;
    this.writableNeedDrain = false;
    this.emit('drain');
  }

  end(): void {
    this.ended = true;
  }

  destroy(): void {
    this.ended = true;
  }

  get text(): string {
    return this.chunks.map((chunk) => chunk.toString()).join('');
  }

  /** The ids of the blocks written, with `reset:` before the id of a reset. */
  get ids(): string[] {
    return [...this.text.matchAll(/^id: (\d+)\nevent: ([a-z.]+)\n/gm)].map(([, id, type]) => (type === 'reset' ? `reset:${id}` : (id as string)));
  }
}

/** The stored events of the tenant, `oldest` … `last` (those before `oldest` pruned). */
class FakeLog {
  reads = 0;
  constructor(
    public last: number,
    public oldest = 1,
  ) {}

  event(id: number): StoredEvent {
    return { tenantId: TENANT, id, type: 'order.updated', data: `{"n":${id}}` };
  }

  position(): EventPosition {
    return { lastId: this.last, oldestId: this.last >= this.oldest ? this.oldest : null };
  }

  async after(_tenant: string, afterId: number, upTo: number, limit: number): Promise<StoredEvent[]> {
    this.reads++;
    const events: StoredEvent[] = [];
    for (let id = Math.max(afterId + 1, this.oldest); id <= Math.min(upTo, this.last) && events.length < limit; id++) events.push(this.event(id));
    return events;
  }
}

function open(log: FakeLog, lastEventId?: string): { stream: LiveStream; raw: FakeResponse } {
  const raw = new FakeResponse();
  const stream = new LiveStream({
    tenantId: TENANT,
    replay: log,
    raw: raw as unknown as ServerResponse,
    clock: () => new Date(),
    expiresAt: new Date(Date.now() + 3_600_000),
    pingIntervalMs: 60_000,
    stallTimeoutMs: 5_000,
    resources: { dispose: () => undefined },
    onError: (error) => {
      throw error;
    },
  });
  stream.start(log.position(), lastEventId);
  return { stream, raw };
}

const until = (check: () => boolean, what: string) => eventually(check, { what, timeoutMs: 3000, intervalMs: FLUSH_INTERVAL_MS });

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => String(from + index));

describe('LiveStream: live events written together', () => {
  const streams: LiveStream[] = [];
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close('server');
  });
  const opened = (log: FakeLog, lastEventId?: string) => {
    const result = open(log, lastEventId);
    streams.push(result.stream);
    return result;
  };

  it('writes the events that arrive together in one write, the same bytes for every stream at the same position', async () => {
    const log = new FakeLog(10);
    const a = opened(log, '10');
    const b = opened(log, '10');
    const before = a.raw.chunks.length;
    const events = [11, 12, 13, 14, 15].map((id) => log.event(id));
    log.last = 15;
    for (const event of events) {
      a.stream.receive(event);
      b.stream.receive(event);
    }
    await until(() => a.raw.ids.length === 5 && b.raw.ids.length === 5, 'both streams to write');
    expect(a.raw.ids).toEqual(range(11, 15));
    expect(b.raw.ids).toEqual(range(11, 15));
    const [written] = a.raw.chunks.slice(before);
    expect(a.raw.chunks.slice(before)).toHaveLength(1);
    // One buffer made for both.
    expect(b.raw.chunks[b.raw.chunks.length - 1]).toBe(written);
    expect(log.reads).toBe(0);
  });

  it('gives a stream at another position of the same tenant its own gap from the table, then the shared events, each once and in order', async () => {
    const log = new FakeLog(20);
    const behind = opened(log, '14');
    const current = opened(log, '20');
    await until(() => behind.raw.ids.length === 6, 'the replay of 15 … 20');
    log.last = 23;
    // 21 was committed elsewhere and reaches no stream live; 22 and 23 do.
    for (const id of [22, 23]) {
      const event = log.event(id);
      behind.stream.receive(event);
      current.stream.receive(event);
    }
    await until(() => behind.raw.ids.length === 9 && current.raw.ids.length === 3, 'both streams to catch up');
    expect(behind.raw.ids).toEqual(range(15, 23));
    expect(current.raw.ids).toEqual(range(21, 23));
  });

  it('follows a reset with the events that come, once each', async () => {
    const log = new FakeLog(30, 25);
    // 5 was pruned: the client must reload.
    const { stream, raw } = opened(log, '5');
    expect(raw.ids).toEqual(['reset:30']);
    log.last = 32;
    stream.receive(log.event(31));
    stream.receive(log.event(32));
    stream.receive(log.event(31));
    await until(() => raw.ids.length === 3, 'the events after the reset');
    expect(raw.ids).toEqual(['reset:30', '31', '32']);
    expect(raw.text.startsWith('retry: 3000\n\nid: 30\nevent: reset\ndata: {}\n\n')).toBe(true);
  });

  it('holds events while the client has not read, then writes them once, in order, with those that came meanwhile', async () => {
    const log = new FakeLog(40);
    const { stream, raw } = opened(log, '40');
    raw.full = true;
    log.last = 41;
    stream.receive(log.event(41));
    await until(() => raw.writableNeedDrain, 'the write that fills the buffer');
    // The stream writes one more run, then waits for the client to read it.
    for (const id of [42, 43]) {
      log.last = id;
      stream.receive(log.event(id));
    }
    await until(() => raw.ids.length === 3, 'the run written before waiting');
    const waiting = raw.chunks.length;
    for (const id of [44, 45, 46]) {
      log.last = id;
      stream.receive(log.event(id));
    }
    await new Promise((resolve) => setTimeout(resolve, FLUSH_INTERVAL_MS * 4));
    expect(raw.ids).toEqual(range(41, 43));
    raw.drain();
    await until(() => raw.ids.length === 6, 'the held events');
    expect(raw.ids).toEqual(range(41, 46));
    expect(raw.chunks.length).toBe(waiting + 1);
    // Only whole blocks in every write.
    for (const chunk of raw.chunks) expect(chunk.toString()).toMatch(/^(retry: \d+\n\n|id: \d+\nevent: [a-z.]+\ndata: [^\n]+\n\n)+$/);
  });

  it('writes nothing more after the stream ended', async () => {
    const log = new FakeLog(50);
    const { stream, raw } = opened(log, '50');
    log.last = 51;
    stream.receive(log.event(51));
    stream.close('revoked');
    await new Promise((resolve) => setTimeout(resolve, FLUSH_INTERVAL_MS * 4));
    expect(raw.ids).toEqual([]);
    expect(raw.ended).toBe(true);
  });
});
