/** @jest-environment node */
// Node has fetch's Response, ReadableStream and TextDecoder; jsdom does not.
import { autorun } from 'mobx';
import type { Language } from '../../../../shared/Language';
import type { ServerEvent } from '../../../../src/domain/ports/EventStream';
import type { RefusedRequest } from '../../../../src/domain/ports/HttpClient';
import { FetchEventStream, SILENCE_TIMEOUT } from '../../../../src/infrastructure/events/FetchEventStream';
import { type FakeBody, FakeEventServer, type FakeRequest, FakeWindow } from './FakeEventServer';
import { SystemClock } from '../../../../src/infrastructure/clock/SystemClock';
import { WindowTimers } from '../../../../src/infrastructure/scheduling/WindowTimers';


describe('FetchEventStream', () => {
  let server: FakeEventServer;
  let page: FakeWindow;
  let language: Language;
  let random: number;
  let stream: FetchEventStream;
  let received: ServerEvent[];

  /** Lets the fetch promise, the body reads and the parser run (real macrotask, fake timers). */
  const settle = async (): Promise<void> => {
    for (let i = 0; i < 10; i += 1) {
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const advance = async (ms: number): Promise<void> => {
    jest.advanceTimersByTime(ms);
    await settle();
  };
  const live = async (request: FakeRequest = server.last): Promise<FakeBody> => {
    const body = request.stream();
    await settle();
    return body;
  };
  const push = async (body: FakeBody, text: string): Promise<void> => {
    body.push(text);
    await settle();
  };
  /** Asserts that the next request leaves exactly `ms` after now. */
  const expectNextRequestAfter = async (ms: number): Promise<void> => {
    const count = server.requests.length;
    await advance(ms - 1);
    expect(server.requests).toHaveLength(count);
    await advance(1);
    expect(server.requests).toHaveLength(count + 1);
  };

  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] });
    server = new FakeEventServer();
    page = new FakeWindow();
    language = 'de';
    random = 0;
    stream = new FetchEventStream({
      url: '/api/events',
      language: () => language,
      window: page,
      timers: new WindowTimers(page),
      clock: new SystemClock(),
      fetch: server.fetch,
      random: () => random,
    });
    received = [];
    stream.onDidReceiveEvent((event) => received.push(event));
  });

  afterEach(() => {
    stream.dispose();
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  describe('request', () => {
    it('asks for the stream with the token, the language and no cache', () => {
      stream.open('token-1');
      expect(server.requests).toHaveLength(1);
      const request = server.last;
      expect(request.url).toBe('/api/events');
      expect(request.init).toMatchObject({ method: 'GET', cache: 'no-store' });
      expect(request.signal).toBeInstanceOf(AbortSignal);
      expect(request.headers).toEqual({
        Accept: 'text/event-stream',
        Authorization: 'Bearer token-1',
        'x-ui-locale': 'de',
      });
    });

    it('keeps the token it was opened with and reads the language as each connection starts', async () => {
      stream.open('token-1');
      const body = await live();
      language = 'en';
      body.end();
      await settle();
      await advance(1000);
      expect(server.requests).toHaveLength(2);
      expect(server.last.headers).toMatchObject({ Authorization: 'Bearer token-1', 'x-ui-locale': 'en' });
    });

    it('carries a new token only after close() and open(token)', async () => {
      stream.open('token-1');
      await live();
      stream.open('token-2');
      expect(server.requests).toHaveLength(1);
      stream.close();
      stream.open('token-2');
      expect(server.requests).toHaveLength(2);
      expect(server.last.headers).toMatchObject({ Authorization: 'Bearer token-2' });
      expect(server.last.headers).not.toHaveProperty('Last-Event-ID');
    });

    it('does nothing when opened while open', async () => {
      stream.open('token-1');
      stream.open('token-1');
      await live();
      stream.open('token-1');
      expect(server.requests).toHaveLength(1);
    });
  });

  describe('events', () => {
    it('delivers parsed events in order, with JSON data, across chunk borders', async () => {
      stream.open('token-1');
      const body = await live();
      await push(body, 'retry: 3000\n\n: ping\n\nid: 1\nevent: order.created\ndata: {"id":"a","n":1}\n\nid: 2\nevent: order.upd');
      await push(body, 'ated\ndata: {"id":"a",\ndata: "n":2}\n\nid: 3\nevent: order.deleted\ndata: {"id":"a"}\n\n');
      expect(received).toEqual([
        { id: '1', type: 'order.created', data: { id: 'a', n: 1 } },
        { id: '2', type: 'order.updated', data: { id: 'a', n: 2 } },
        { id: '3', type: 'order.deleted', data: { id: 'a' } },
      ]);
    });

    it('names an event without `event:` a message and reads an empty data field as null', async () => {
      stream.open('token-1');
      const body = await live();
      await push(body, 'id: 1\ndata: 5\n\nid: 2\nevent: reset\ndata:\n\n');
      expect(received).toEqual([
        { id: '1', type: 'message', data: 5 },
        { id: '2', type: 'reset', data: null },
      ]);
    });

    it('skips an event whose data is not JSON, warns and keeps the stream', async () => {
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      stream.open('token-1');
      const body = await live();
      await push(body, 'id: 1\nevent: order.created\ndata: {not json\n\nid: 2\nevent: order.deleted\ndata: {"id":"b"}\n\n');
      expect(received).toEqual([{ id: '2', type: 'order.deleted', data: { id: 'b' } }]);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(stream.state).toBe('live');
      expect(server.requests).toHaveLength(1);
    });

    it('counts a skipped event as received: the resume does not ask for it again', async () => {
      jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      stream.open('token-1');
      const body = await live();
      await push(body, 'id: 1\nevent: order.created\ndata: {"id":"a"}\n\nid: 2\nevent: order.created\ndata: {oops\n\n');
      body.end();
      await settle();
      await advance(1000);
      expect(server.last.headers['Last-Event-ID']).toBe('2');
    });
  });

  describe('reset and resume', () => {
    it('passes on the reset the backend starts a fresh connection with, and resumes after its id', async () => {
      stream.open('token-1');
      await settle();
      expect(received).toEqual([]);
      const body = await live();
      expect(received).toEqual([]);
      await push(body, 'id: 41\nevent: reset\ndata: {}\n\n');
      expect(received).toEqual([{ id: '41', type: 'reset', data: {} }]);
      body.end();
      await settle();
      await advance(1000);
      expect(server.last.headers['Last-Event-ID']).toBe('41');
    });

    it('passes on an event without an id (presence) with an empty id, and resumes after the last numbered one', async () => {
      stream.open('token-1');
      const body = await live();
      await push(body, 'id: 7\nevent: order.created\ndata: {}\n\nevent: presence\ndata: {"orderId":"o","present":[]}\n\n');
      expect(received[1]).toEqual({ id: '', type: 'presence', data: { orderId: 'o', present: [] } });
      body.end();
      await settle();
      await advance(1000);
      expect(server.last.headers['Last-Event-ID']).toBe('7');
    });

    it('resumes with the id of the last handled event and without a reset', async () => {
      stream.open('token-1');
      const body = await live();
      await push(body, 'id: 7\nevent: order.created\ndata: {}\n\nid: 8\nevent: order.updated\ndata: {}\n\n');
      body.end();
      await settle();
      await advance(1000);
      expect(server.requests[0]?.headers['Last-Event-ID']).toBeUndefined();
      expect(server.last.headers['Last-Event-ID']).toBe('8');
      received = [];
      const resumed = await live();
      await push(resumed, 'id: 9\nevent: order.deleted\ndata: {"id":"x"}\n\n');
      expect(received).toEqual([{ id: '9', type: 'order.deleted', data: { id: 'x' } }]);
    });

    it('moves to a renewed token at once and resumes after the last event, also after the old token\'s 401 stopped it', async () => {
      stream.open('token-1');
      const body = await live();
      await push(body, 'id: 7\nevent: order.updated\ndata: {}\n\n');
      stream.renew('token-2');
      expect(server.requests).toHaveLength(2);
      expect(server.last.headers).toMatchObject({ Authorization: 'Bearer token-2', 'Last-Event-ID': '7' });
      const renewed = await live();
      await push(renewed, 'id: 8\nevent: order.updated\ndata: {}\n\n');
      expect(received.map((event) => event.id)).toEqual(['7', '8']);

      // The backend ends the old token's stream at the renewal; coming back with it is refused.
      renewed.end();
      await settle();
      await advance(1000);
      server.last.answer(401, { 'Content-Type': 'application/problem+json' }, '{}');
      await settle();
      expect(stream.state).toBe('idle');
      stream.renew('token-3');
      expect(server.last.headers).toMatchObject({ Authorization: 'Bearer token-3', 'Last-Event-ID': '8' });
    });

    it('connects afresh after a drop that came before any event id', async () => {
      stream.open('token-1');
      const body = await live();
      body.end();
      await settle();
      await advance(1000);
      expect(server.requests).toHaveLength(2);
      expect(server.last.headers['Last-Event-ID']).toBeUndefined();
    });

    it('records an id only after every listener returned: a throwing listener makes it come again', async () => {
      const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const late: string[] = [];
      let failOn: string | null = '2';
      stream.onDidReceiveEvent((event) => {
        if (event.id === failOn) {
          throw new Error('listener failed');
        }
      });
      stream.onDidReceiveEvent((event) => late.push(event.id));
      stream.open('token-1');
      const body = await live();
      await push(
        body,
        'id: 1\nevent: order.created\ndata: {}\n\nid: 2\nevent: order.updated\ndata: {}\n\nid: 3\nevent: order.updated\ndata: {}\n\n',
      );
      // Event 2 stopped the delivery: 3 was not handed out, and the connection was dropped.
      expect(received.map((event) => event.id)).toEqual(['1', '2']);
      expect(late).toEqual(['1']);
      expect(error).toHaveBeenCalledTimes(1);
      expect(server.requests[0]?.signal.aborted).toBe(true);
      expect(stream.state).toBe('reconnecting');
      failOn = null;
      await advance(1000);
      expect(server.last.headers['Last-Event-ID']).toBe('1');
      const resumed = await live();
      await push(resumed, 'id: 2\nevent: order.updated\ndata: {}\n\nid: 3\nevent: order.updated\ndata: {}\n\n');
      expect(late).toEqual(['1', '2', '3']);
    });

    it('backs off ever longer while a listener keeps failing on the same event', async () => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      stream.onDidReceiveEvent((event) => {
        if (event.id === '5') {
          throw new Error('listener failed');
        }
      });
      stream.open('token-1');
      await push(await live(), 'id: 5\nevent: order.updated\ndata: {}\n\n');
      for (const wait of [1000, 2000, 4000]) {
        await expectNextRequestAfter(wait);
        await push(await live(), 'id: 5\nevent: order.updated\ndata: {}\n\n');
      }
    });

    it('does not record an event a listener closed the stream on', async () => {
      stream.onDidReceiveEvent((event) => {
        if (event.id === '4') {
          stream.close();
          stream.open('token-1');
        }
      });
      stream.open('token-1');
      await push(await live(), 'id: 4\nevent: order.updated\ndata: {}\n\nid: 5\nevent: order.updated\ndata: {}\n\n');
      expect(received.map((event) => event.id)).toEqual(['4']);
      expect(server.requests).toHaveLength(2);
      expect(server.last.headers['Last-Event-ID']).toBeUndefined();
      // The reopened stream has no id of its own: its resume asks for no id either.
      const reopened = await live();
      reopened.end();
      await settle();
      await advance(1000);
      expect(server.requests).toHaveLength(3);
      expect(server.last.headers['Last-Event-ID']).toBeUndefined();
    });
  });

  describe('reconnecting', () => {
    it('waits longer after each failure, up to 30 s', async () => {
      stream.open('token-1');
      for (const wait of [1000, 2000, 4000, 8000, 15000, 15000]) {
        server.last.fail();
        await settle();
        expect(stream.state).toBe('reconnecting');
        await expectNextRequestAfter(wait);
      }
    });

    it('jitters each wait up to twice its shortest, never beyond 30 s', async () => {
      random = 0.999999;
      stream.open('token-1');
      for (const wait of [2000, 4000, 8000, 16000, 30000, 30000]) {
        server.last.fail();
        await settle();
        await expectNextRequestAfter(wait);
      }
    });

    it('reconnects when the backend ends the stream', async () => {
      stream.open('token-1');
      const body = await live();
      body.end();
      await settle();
      expect(stream.state).toBe('reconnecting');
      await expectNextRequestAfter(1000);
    });

    it('reconnects when the body fails mid-stream', async () => {
      stream.open('token-1');
      const body = await live();
      body.fail(new TypeError('network error'));
      await settle();
      expect(stream.state).toBe('reconnecting');
      await expectNextRequestAfter(1000);
    });

    it("takes the server's retry as the first wait and doubles it", async () => {
      stream.open('token-1');
      const body = await live();
      await push(body, 'retry: 3000\n\n');
      body.end();
      await settle();
      await expectNextRequestAfter(3000);
      server.last.fail();
      await settle();
      await expectNextRequestAfter(6000);
    });

    it('starts counting attempts over once a connection is live', async () => {
      stream.open('token-1');
      for (const wait of [1000, 2000, 4000]) {
        server.last.fail();
        await settle();
        await expectNextRequestAfter(wait);
      }
      const body = await live();
      expect(stream.state).toBe('live');
      body.end();
      await settle();
      await expectNextRequestAfter(1000);
    });

    it.each([500, 502, 503])('reconnects after a %i answer', async (status) => {
      stream.open('token-1');
      server.last.answer(status, { 'Content-Type': 'application/problem+json' }, '{}');
      await settle();
      expect(stream.state).toBe('reconnecting');
      await expectNextRequestAfter(1000);
    });

    it('waits at least as long as Retry-After asks, within 30 s', async () => {
      stream.open('token-1');
      server.last.answer(429, { 'Retry-After': '20' });
      await settle();
      await expectNextRequestAfter(20000);
      server.last.answer(503, { 'Retry-After': '3600' });
      await settle();
      await expectNextRequestAfter(30000);
    });

    it('drops a connection silent for 45 s and reconnects', async () => {
      stream.open('token-1');
      await live();
      await advance(SILENCE_TIMEOUT - 1);
      expect(server.requests[0]?.signal.aborted).toBe(false);
      await advance(1);
      expect(server.requests[0]?.signal.aborted).toBe(true);
      expect(stream.state).toBe('reconnecting');
      await expectNextRequestAfter(1000);
    });

    it('drops a connection 45 s after its last byte, however long it talked before', async () => {
      stream.open('token-1');
      const body = await live();
      await advance(30000);
      await push(body, ': ping\n\n');
      await advance(SILENCE_TIMEOUT - 1);
      expect(server.requests[0]?.signal.aborted).toBe(false);
      await advance(1);
      expect(server.requests[0]?.signal.aborted).toBe(true);
      expect(stream.state).toBe('reconnecting');
    });

    it('drops a request unanswered for 45 s', async () => {
      stream.open('token-1');
      await advance(SILENCE_TIMEOUT);
      expect(server.requests[0]?.signal.aborted).toBe(true);
      await expectNextRequestAfter(1000);
    });

    it('counts pings as life', async () => {
      stream.open('token-1');
      const body = await live();
      for (let i = 0; i < 8; i += 1) {
        await advance(15000);
        await push(body, ': ping\n\n');
      }
      expect(server.requests).toHaveLength(1);
      expect(stream.state).toBe('live');
    });

  });

  describe('network', () => {
    it('pauses while offline and reconnects at once when online', async () => {
      stream.open('token-1');
      const body = await live();
      await push(body, 'id: 3\nevent: order.created\ndata: {}\n\n');
      page.goOffline();
      expect(stream.state).toBe('offline');
      expect(server.requests[0]?.signal.aborted).toBe(true);
      expect(jest.getTimerCount()).toBe(0);
      await settle();
      expect(stream.state).toBe('offline');
      page.goOnline();
      expect(server.requests).toHaveLength(2);
      expect(server.last.headers['Last-Event-ID']).toBe('3');
      expect(stream.state).toBe('reconnecting');
    });

    it('goes offline from a backoff wait and starts the attempts over when online', async () => {
      stream.open('token-1');
      for (const wait of [1000, 2000]) {
        server.last.fail();
        await settle();
        await expectNextRequestAfter(wait);
      }
      server.last.fail();
      await settle();
      page.goOffline();
      expect(jest.getTimerCount()).toBe(0);
      page.goOnline();
      expect(server.requests).toHaveLength(4);
      server.last.fail();
      await settle();
      await expectNextRequestAfter(1000);
    });

    it('opens offline when the browser has no network, and connects when it is back', () => {
      page.navigator.onLine = false;
      stream.open('token-1');
      expect(stream.state).toBe('offline');
      expect(server.requests).toHaveLength(0);
      expect(jest.getTimerCount()).toBe(0);
      page.goOnline();
      expect(server.requests).toHaveLength(1);
      expect(stream.state).toBe('connecting');
    });

    it('ignores network events while closed', () => {
      page.goOffline();
      page.goOnline();
      expect(stream.state).toBe('idle');
      expect(server.requests).toHaveLength(0);
    });
  });

  describe('refusals', () => {
    it('announces a 401 once with the token it carried and stops', async () => {
      const unauthorized: RefusedRequest[] = [];
      stream.onDidReceiveUnauthorized((event) => unauthorized.push(event));
      stream.open('token-1');
      server.last.answer(401, { 'Content-Type': 'application/problem+json' }, '{}');
      await settle();
      expect(unauthorized).toEqual([{ path: '/events', token: 'token-1' }]);
      expect(stream.state).toBe('idle');
      expect(jest.getTimerCount()).toBe(0);
      await advance(60000);
      expect(server.requests).toHaveLength(1);
      expect(received).toEqual([]);
    });

    it('fails for good on a 2xx that is not an event stream', async () => {
      stream.open('token-1');
      server.last.answer(200, { 'Content-Type': 'text/html' }, '<html></html>');
      await settle();
      expect(stream.state).toBe('failed');
      expect(stream.errorKey).toBe('live.errors.notAnEventStream');
      expect(received).toEqual([]);
      expect(jest.getTimerCount()).toBe(0);
      await advance(60000);
      expect(server.requests).toHaveLength(1);
      stream.open('token-1');
      expect(stream.state).toBe('connecting');
      expect(stream.errorKey).toBeNull();
      expect(server.requests).toHaveLength(2);
    });
  });

  describe('close and dispose', () => {
    it('close() aborts, clears the timers and forgets the id', async () => {
      stream.open('token-1');
      const body = await live();
      await push(body, 'id: 12\nevent: order.created\ndata: {}\n\n');
      stream.close();
      expect(server.requests[0]?.signal.aborted).toBe(true);
      expect(stream.state).toBe('idle');
      expect(jest.getTimerCount()).toBe(0);
      await advance(60000);
      expect(server.requests).toHaveLength(1);
      received = [];
      stream.open('token-1');
      expect(server.last.headers['Last-Event-ID']).toBeUndefined();
      await live();
      expect(received).toEqual([]);
    });

    it('close() during a backoff wait cancels it', async () => {
      stream.open('token-1');
      server.last.fail();
      await settle();
      stream.close();
      expect(jest.getTimerCount()).toBe(0);
      await advance(60000);
      expect(server.requests).toHaveLength(1);
    });

    it('dispose() closes and removes the network listeners', async () => {
      const added = jest.spyOn(page, 'addEventListener');
      const removed = jest.spyOn(page, 'removeEventListener');
      const disposable = new FetchEventStream({
        url: '/api/events',
        language: () => language,
        window: page,
        timers: new WindowTimers(page),
        clock: new SystemClock(),
        fetch: server.fetch,
      });
      disposable.open('token-1');
      disposable.dispose();
      expect(server.last.signal.aborted).toBe(true);
      expect(disposable.state).toBe('idle');
      expect(removed.mock.calls).toEqual(added.mock.calls);
      expect(added.mock.calls.map(([type]) => type).sort()).toEqual(['offline', 'online']);
    });
  });

  it('moves through its states observably', async () => {
    const states: string[] = [];
    const stop = autorun(() => {
      states.push(stream.state);
    });
    stream.open('token-1');
    const body = await live();
    body.end();
    await settle();
    await advance(1000);
    server.last.fail();
    await settle();
    await advance(2000);
    await live();
    page.goOffline();
    page.goOnline();
    stream.close();
    stop();
    expect(states).toEqual([
      'idle',
      'connecting',
      'live',
      'reconnecting',
      'live',
      'offline',
      'reconnecting',
      'idle',
    ]);
  });
});
