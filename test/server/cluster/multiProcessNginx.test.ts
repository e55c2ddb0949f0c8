import type { Order, OrderPage } from '../../../shared/Order';
import { type BackendProcess, BackendProcesses, PROCESS_START_TIMEOUT_MS } from '../support/backendProcesses';
import { EventStreamClient, type ReceivedEvent } from '../support/eventStream';
import { NginxProxy, UPSTREAM_HEADER } from '../support/nginxProxy';
import { productionSiteForTest } from '../support/nginxSite';
import { seededRange, withRange } from '../support/orderRange';
import { createScratchDatabase, describeOnPostgres, type ScratchDatabase } from '../support/scratchDatabase';
import { DEMO_PASSWORD, GERMAN_EMAIL } from '../support/testServer';

jest.setTimeout(30_000);

/** nginx reaches the backends from this address: the one they trust to name the client (README). */
const PROXY_ADDRESS = '127.0.0.1';

interface Call {
  method?: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

function api(base: string, path: string, options: Call = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${base}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

/** Changes the notes of `order` through `base` under its version; answers the order as changed and who answered. */
async function changeNotes(base: string, token: string, order: Order, notes: string): Promise<{ order: Order; response: Response }> {
  const response = await api(base, `/api/orders/${order.id}`, {
    method: 'PATCH',
    token,
    body: { notes },
    headers: { 'if-match': `"${order.version}"` },
  });
  if (response.status !== 200) throw new Error(`PATCH answered ${response.status}: ${await response.text()}`);
  return { order: (await response.json()) as Order, response };
}

const orderEvents = (events: readonly ReceivedEvent[]) => events.filter((event) => event.event?.startsWith('order.'));
const ids = (events: readonly ReceivedEvent[]) => orderEvents(events).map((event) => Number(event.id));
const notesOf = (event: ReceivedEvent) => (JSON.parse(event.data) as { notes?: string }).notes;
const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);

describeOnPostgres('nginx in front of three backend processes (server/deploy/nginx.conf)', () => {
  let scratch: ScratchDatabase;
  let backends: BackendProcesses;
  let proxy: NginxProxy;
  const clients: EventStreamClient[] = [];

  /** The backend that answered through nginx: the last it tried (`$upstream_addr`, in the test's wrapper). */
  function backendOf(response: Response): BackendProcess {
    const tried = response.headers.get(UPSTREAM_HEADER)?.split(',') ?? [];
    const address = tried[tried.length - 1]?.trim();
    const backend = backends.processes.find((candidate) => `127.0.0.1:${candidate.port}` === address);
    if (!backend) throw new Error(`no backend answered at ${String(address)} (${UPSTREAM_HEADER}: ${response.headers.get(UPSTREAM_HEADER)})`);
    return backend;
  }

  /** Opens the event stream through nginx, as the console's EventSource does (with `Last-Event-ID` on resume). */
  async function openStream(token: string, lastEventId?: string): Promise<EventStreamClient> {
    const client = await EventStreamClient.open(proxy.url, { token, lastEventId });
    clients.push(client);
    expect(client.response.status).toBe(200);
    expect(client.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // A fresh stream opens with a `reset` naming the tenant's last event; a resumed one goes on after `lastEventId`.
    const started = (c: EventStreamClient) => c.retry !== undefined && (lastEventId !== undefined || c.opening !== undefined);
    await client.until(started, 5000, 'the stream to start');
    return client;
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase('nginx');
    backends = await BackendProcesses.start(3, { databaseUrl: scratch.url, seedOrders: 5, env: { TRUST_PROXY: PROXY_ADDRESS } });
    const upstreams = backends.processes.map((backend) => `127.0.0.1:${backend.port}`);
    proxy = await NginxProxy.start((port) => productionSiteForTest({ port, backends: upstreams }));
  }, 3 * PROCESS_START_TIMEOUT_MS);

  afterAll(async () => {
    for (const client of clients.splice(0)) client.abort();
    try {
      await proxy?.stop();
    } finally {
      try {
        await backends?.stopAll();
      } finally {
        await scratch?.drop();
      }
    }
  });

  it('passes a change to a stream within a second, and resumes the stream of a killed backend on another with nothing lost or repeated', async () => {
    try {
      const signedIn = await api(proxy.url, '/api/auth/login', { body: { email: GERMAN_EMAIL, password: DEMO_PASSWORD } });
      expect(signedIn.status).toBe(200);
      const { token } = (await signedIn.json()) as { token: string };
      const page = await api(proxy.url, withRange('/api/orders?limit=1', seededRange()), { token });
      expect(page.status).toBe(200);
      let [order] = ((await page.json()) as OrderPage).items as [Order];

      const first = await openStream(token);
      const start = Number(first.opening?.id);
      expect(Number.isInteger(start)).toBe(true);
      const streaming = backendOf(first.response);
      const [elsewhere] = backends.processes.filter((backend) => backend !== streaming) as [BackendProcess];

      // Made through another backend, directly: it reaches the stream through the database and nginx.
      const arrived = first.until((client) => ids(client.events).length >= 1, 1000, 'the change, within a second of sending it');
      const [, live] = await Promise.all([arrived, changeNotes(elsewhere.url, token, order, 'live')]);
      order = live.order;

      const exit = await streaming.kill();
      expect(exit.signal).toBe('SIGKILL');
      await first.until((client) => client.isFinished, 5000, 'the stream to end with its backend');

      // Made while the client is away, through nginx: they land on the backends still running.
      const away = ['while away 1', 'while away 2', 'while away 3'];
      for (const notes of away) {
        const change = await changeNotes(proxy.url, token, order, notes);
        order = change.order;
        expect(backendOf(change.response)).not.toBe(streaming);
      }

      const resumed = await openStream(token, first.lastEventId);
      expect(backendOf(resumed.response)).not.toBe(streaming);
      await resumed.until((client) => ids(client.events).length >= away.length, 5000, 'the changes made while away');
      const after = ['after the resume 1', 'after the resume 2'];
      for (const [index, notes] of after.entries()) {
        const count = away.length + index + 1;
        const arrivedAfter = resumed.until((client) => ids(client.events).length >= count, 1000, `"${notes}", within a second of sending it`);
        const [, change] = await Promise.all([arrivedAfter, changeNotes(proxy.url, token, order, notes)]);
        order = change.order;
      }
      // Time for an event sent twice to arrive as well.
      await new Promise((resolve) => setTimeout(resolve, 300));

      const received = [...orderEvents(first.events), ...orderEvents(resumed.events)];
      expect(ids(received)).toEqual(range(start + 1, start + 1 + away.length + after.length));
      expect(received.map(notesOf)).toEqual(['live', ...away, ...after]);
      expect(resumed.events.some((event) => event.event === 'reset')).toBe(false);
    } catch (error) {
      if (error instanceof Error) error.message += `\n\n${proxy.output}`;
      throw error;
    }
  });
});
