import { autorun } from 'mobx';
import { Emitter } from '../../../../src/domain/model/Emitter';
import type { EventStream, EventStreamState, ServerEvent } from '../../../../src/domain/ports/EventStream';
import type { RefusedRequest } from '../../../../src/domain/ports/HttpClient';
import { LazyEventStream, STREAM_NOT_LOADED } from '../../../../src/infrastructure/events/LazyEventStream';

/** The loaded stream: records what it was told; its events are fired by the test. */
class RecordingStream implements EventStream {
  state: EventStreamState = 'idle';
  errorKey: string | null = null;
  readonly calls: string[] = [];
  readonly events = new Emitter<ServerEvent>();
  readonly refusals = new Emitter<RefusedRequest>();
  readonly onDidReceiveEvent = this.events.event;
  readonly onDidReceiveUnauthorized = this.refusals.event;
  disposed = false;

  open(token: string): void {
    this.calls.push(`open ${token}`);
    this.state = 'live';
  }

  renew(token: string): void {
    this.calls.push(`renew ${token}`);
  }

  close(): void {
    this.calls.push('close');
    this.state = 'idle';
  }

  dispose(): void {
    this.disposed = true;
  }
}

/** A load the test ends: `finish()` hands the stream over, `fail()` refuses. */
function loader() {
  const stream = new RecordingStream();
  const loads: { resolve: (stream: RecordingStream) => void; reject: (error: Error) => void }[] = [];
  const load = jest.fn(() => new Promise<RecordingStream>((resolve, reject) => loads.push({ resolve, reject })));
  const settle = async () => {
    for (let i = 0; i < 3; i++) await Promise.resolve();
  };
  return {
    stream,
    load,
    finish: async () => {
      loads.shift()?.resolve(stream);
      await settle();
    },
    fail: async () => {
      loads.shift()?.reject(new Error('chunk failed'));
      await settle();
    },
  };
}

describe('LazyEventStream', () => {
  let warn: jest.SpyInstance;

  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => warn.mockRestore());

  it('loads nothing until a session opens it', () => {
    const { load } = loader();
    const lazy = new LazyEventStream(load);
    expect(lazy.state).toBe('idle');
    lazy.close();
    expect(load).not.toHaveBeenCalled();
  });

  it('reads connecting from the first open until the stream is there, then opens it with the token, loading once', async () => {
    const { load, stream, finish } = loader();
    const lazy = new LazyEventStream(load);
    lazy.open('t1');
    lazy.open('t2');
    expect(lazy.state).toBe('connecting');
    await finish();
    expect(load).toHaveBeenCalledTimes(1);
    expect(stream.calls).toEqual(['open t1']);
    expect(lazy.state).toBe('live');
    lazy.renew('t3');
    lazy.close();
    expect(stream.calls).toEqual(['open t1', 'renew t3', 'close']);
  });

  it('opens with the renewed token when the session was renewed before the stream came', async () => {
    const { load, stream, finish } = loader();
    const lazy = new LazyEventStream(load);
    lazy.open('t1');
    lazy.renew('t2');
    await finish();
    expect(stream.calls).toEqual(['open t2']);
  });

  it('opens nothing when the session ended before the stream came', async () => {
    const { load, stream, finish } = loader();
    const lazy = new LazyEventStream(load);
    lazy.open('t1');
    lazy.close();
    await finish();
    expect(stream.calls).toEqual([]);
    expect(lazy.state).toBe('idle');
  });

  it('tells its listeners the loaded stream\'s events and refusals, in order', async () => {
    const { load, stream, finish } = loader();
    const lazy = new LazyEventStream(load);
    const heard: string[] = [];
    lazy.onDidReceiveEvent((event) => heard.push(`event ${event.id}`));
    lazy.onDidReceiveUnauthorized((refusal) => heard.push(`401 ${refusal.token}`));
    lazy.open('t1');
    await finish();
    stream.events.fire({ id: '1', type: 'reset', data: null });
    stream.refusals.fire({ token: 't1' } as RefusedRequest);
    stream.events.fire({ id: '2', type: 'order.updated', data: {} });
    expect(heard).toEqual(['event 1', '401 t1', 'event 2']);
  });

  it('lets a listener\'s failure reach the loaded stream, which resumes from before the event', async () => {
    const { load, stream, finish } = loader();
    const lazy = new LazyEventStream(load);
    lazy.onDidReceiveEvent(() => {
      throw new Error('listener failed');
    });
    lazy.open('t1');
    await finish();
    expect(() => stream.events.fire({ id: '1', type: 'reset', data: null })).toThrow('listener failed');
  });

  it('is observed: its state follows the load', async () => {
    const { load, finish } = loader();
    const lazy = new LazyEventStream(load);
    const seen: EventStreamState[] = [];
    const stop = autorun(() => seen.push(lazy.state));
    lazy.open('t1');
    await finish();
    stop();
    expect(seen).toEqual(['idle', 'connecting', 'live']);
  });

  it('reads failed with the reason when its code does not load, and tries again at the next open', async () => {
    const { load, stream, finish, fail } = loader();
    const lazy = new LazyEventStream(load);
    lazy.open('t1');
    await fail();
    expect(lazy.state).toBe('failed');
    expect(lazy.errorKey).toBe(STREAM_NOT_LOADED);
    expect(warn).toHaveBeenCalled();
    lazy.open('t2');
    expect(lazy.state).toBe('connecting');
    expect(lazy.errorKey).toBeNull();
    await finish();
    expect(load).toHaveBeenCalledTimes(2);
    expect(stream.calls).toEqual(['open t2']);
  });

  it('disposes the loaded stream with itself, and one that comes after', async () => {
    const first = loader();
    const lazy = new LazyEventStream(first.load);
    lazy.open('t1');
    await first.finish();
    lazy.dispose();
    expect(first.stream.disposed).toBe(true);

    const second = loader();
    const late = new LazyEventStream(second.load);
    late.open('t1');
    late.dispose();
    await second.finish();
    expect(second.stream.disposed).toBe(true);
    expect(second.stream.calls).toEqual([]);
  });
});
