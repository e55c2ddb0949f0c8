import { connect } from 'node:net';
import type { RunningServer } from '../../../server/startServer';
import { STARTUP_TIMEOUT_MS, startTestServer } from '../support/testServer';

/** Sends `request` as it is over a new connection and resolves to everything the server wrote before it closed. */
function rawExchange(server: RunningServer, request: string): Promise<string> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer within 10 s; received so far: ${received}`)));
    socket.write(request);
  });
}

function parse(answer: string): { status: number; headers: string; body: Record<string, unknown> } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body: JSON.parse(body) as Record<string, unknown> };
}

/** Requests Node cannot read never reach a route: they are answered as problems all the same. */
describe('requests that are not readable HTTP', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startTestServer();
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await server?.close();
  });

  it('answers a request head over 16 KiB with a 431 problem and closes the connection', async () => {
    const answer = parse(await rawExchange(server, `GET /api/orders?q=${'a'.repeat(17 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`));
    expect(answer.status).toBe(431);
    expect(answer.headers).toContain('content-type: application/problem+json; charset=utf-8');
    expect(answer.headers).toContain('connection: close');
    expect(answer.body).toEqual({
      type: 'urn:order-cockpit:problem:request-head-too-large',
      title: 'Request head too large',
      status: 431,
      detail: 'The request line and headers exceed the limit of 16 KiB.',
    });
  });

  it('answers what is no HTTP with a 400 problem', async () => {
    const answer = parse(await rawExchange(server, 'HELLO THERE\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ type: 'urn:order-cockpit:problem:bad-request', status: 400 });
  });

  it('still answers the next connection', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
