import { createServer } from 'node:net';
import { JsonTraceSerializer, ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { redactingLogger } from '../../../server/logging/redactingLogger';
import { redactLogLine } from '../../../server/logging/redactLogLine';
import type { RunningServer } from '../../../server/startServer';
import { JSON_TYPE, postTelemetry, PROTOBUF, startTelemetryApp } from '../support/telemetryClient';
import { GERMAN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer } from '../support/testServer';

const REDACTED = '[redacted]';

/** An ExportTraceServiceRequest of spans with the given names and attributes, in both OTLP encodings. */
async function spans(entries: ReadonlyArray<{ name: string; attributes: Record<string, string> }>): Promise<{ protobuf: Buffer; json: Buffer }> {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  const tracer = provider.getTracer('order-cockpit-test');
  for (const { name, attributes } of entries) {
    tracer.startSpan(name, { attributes }).end();
  }
  await provider.forceFlush();
  const finished = exporter.getFinishedSpans();
  await provider.shutdown();
  return {
    protobuf: Buffer.from(ProtobufTraceSerializer.serializeRequest(finished) ?? new Uint8Array()),
    json: Buffer.from(JsonTraceSerializer.serializeRequest(finished) ?? new Uint8Array()),
  };
}

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

/** Neither the token nor any of its parts (nor the start of one, as a cut would leave it) is in `log`. */
function expectNoTrace(log: string, token: string): void {
  expect(log).not.toContain(token);
  for (const part of token.split('.')) {
    expect(log).not.toContain(part.slice(0, 16));
  }
}

describe('redactLogLine', () => {
  const jwt = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1c2VyLTEiLCJleHAiOjE4OTM0NTYwMDB9.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';

  it('redacts message, bindings, nested errors and headers of a pino line, and keeps its line ending', () => {
    const line = `${JSON.stringify({
      level: 50,
      reqId: `req-${jwt}`,
      err: { type: 'Error', message: `GET /x?access_token=${jwt} failed`, stack: `Error: GET /x?access_token=${jwt} failed\n    at f (a.ts:1:1)` },
      req: { method: 'GET', url: `/api/orders?token=${jwt}&page=2` },
      headers: { authorization: `Bearer ${jwt}`, cookie: 'session=abc', accept: 'application/json' },
      tokenTtlSeconds: 28800,
      msg: `failed:\n${jwt}`,
    })}\n`;
    const redacted = redactLogLine(line);
    expect(redacted.endsWith('}\n')).toBe(true);
    expect(redacted).not.toContain('eyJ');
    expect(JSON.parse(redacted)).toEqual({
      level: 50,
      reqId: `req-${REDACTED}`,
      err: { type: 'Error', message: `GET /x?access_token=${REDACTED} failed`, stack: `Error: GET /x?access_token=${REDACTED} failed\n    at f (a.ts:1:1)` },
      req: { method: 'GET', url: `/api/orders?token=${REDACTED}&page=2` },
      headers: { authorization: REDACTED, cookie: REDACTED, accept: 'application/json' },
      tokenTtlSeconds: 28800,
      msg: `failed:\n${REDACTED}`,
    });
  });

  it('returns a line without secrets as it is, byte for byte', () => {
    const line = '{"level":30,"time":1,"pid":7,"hostname":"h","msg":"telemetry: 3 spans: HTTP GET ×2","n":1.50}\n';
    expect(redactLogLine(line)).toBe(line);
  });

  it('redacts a line that is not JSON as text', () => {
    expect(redactLogLine(`plain ${jwt}\n`)).toBe(`plain ${REDACTED}\n`);
  });

  it('is part of every logger option the app builds, after a streamWrite hook of its own', () => {
    expect(redactingLogger(undefined)).toBe(false);
    expect(redactingLogger(false)).toBe(false);
    const fromTrue = redactingLogger(true);
    expect(typeof fromTrue === 'object' && fromTrue.hooks?.streamWrite?.(`{"msg":"${jwt}"}\n`)).toBe(`{"msg":"${REDACTED}"}\n`);
    const own = redactingLogger({ level: 'info', hooks: { streamWrite: (line) => line.replace('probe', jwt) } });
    expect(typeof own === 'object' && own.level).toBe('info');
    expect(typeof own === 'object' && own.hooks?.streamWrite?.('{"msg":"probe"}\n')).toBe(`{"msg":"${REDACTED}"}\n`);
  });
});

describe('nothing token-shaped reaches the backend log', () => {
  let server: RunningServer;
  let token: string;
  const written: string[] = [];
  const log = () => written.join('');
  const stream = { write: (line: string) => written.push(line) };

  beforeAll(async () => {
    server = await startTestServer({
      logger: { level: 'info', stream },
      telemetry: { rateLimits: { perClient: 10_000, overall: 10_000 } },
    });
    // A real access token of the backend, as the console holds it.
    token = (await login(server, GERMAN_EMAIL)).token;
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await server?.close();
  });

  beforeEach(() => {
    written.length = 0;
  });

  it('summarises telemetry whose span names hold a JWT and URLs with access_token without them', async () => {
    const compact = `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEifQ.${'Zm9vYmFy'.repeat(5)}`;
    const url = `https://cockpit.example.com/api/orders?status=new&access_token=${token}`;
    const body = await spans([
      { name: `documentLoad ${compact}`, attributes: { 'http.url': `${url}&page=2` } },
      { name: `GET ${url}`, attributes: { 'http.url': url } },
      { name: token, attributes: { 'http.url': url } },
    ]);
    for (const [encoded, contentType] of [
      [body.protobuf, PROTOBUF],
      [body.json, JSON_TYPE],
    ] as const) {
      expect((await postTelemetry(server, 'traces', encoded, { contentType })).status).toBe(200);
    }

    const summaries = written.map((line) => JSON.parse(line) as { msg: string; telemetry?: { counts: Array<{ key: string }> } });
    expect(summaries.filter((line) => line.telemetry)).toHaveLength(2);
    for (const summary of summaries) {
      expect(summary.msg).toMatch(/^telemetry: 3 spans: /);
      expect(summary.telemetry?.counts.map(({ key }) => key).sort()).toEqual([
        'GET https://cockpit.example.com/api/orders?status=new&access_token=[redacted]',
        '[redacted]…',
        'documentLoad [redacted]',
      ]);
    }
    expectNoTrace(log(), token);
    expectNoTrace(log(), compact);
  });

  it('logs an unreachable collector whose URL carries a token without the token', async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}/otlp?access_token=${token}`;
    const { app, url } = await startTelemetryApp(server, { collectorEndpoint: endpoint }, { logger: { level: 'info', stream } });
    try {
      const response = await postTelemetry(url, 'traces', (await spans([{ name: 'HTTP GET', attributes: {} }])).protobuf, { contentType: PROTOBUF });
      expect(response.status).toBe(502);
    } finally {
      await app.close();
    }
    const [warning, ...others] = written
      .map((line) => JSON.parse(line) as { level: number; msg: string; collector: string; err?: object })
      .filter((line) => line.level >= 40);
    expect(others).toEqual([]);
    expect(warning).toEqual(
      expect.objectContaining({
        level: 40,
        collector: expect.stringContaining(`/otlp?access_token=${REDACTED}`),
        msg: expect.stringContaining(`/otlp?access_token=${REDACTED}`),
        err: expect.any(Object),
      }),
    );
    expectNoTrace(log(), token);
  });

  it('logs an error whose message and stack carry a URL with a token without the token', () => {
    const listener = server.events.subscribeAll(() => {
      throw new Error(`GET https://push.example.net/send?id=1&token=${token} failed`);
    });
    try {
      server.events.publish({ tenantId: 'no-such-tenant', id: 1, type: 'order.deleted', data: '{}' });
    } finally {
      listener.dispose();
    }
    const [line] = written.map((text) => JSON.parse(text) as { level: number; msg: string; err: { message: string; stack: string } });
    expect(line?.level).toBe(50);
    expect(line?.msg).toBe('event listener failed');
    expect(line?.err.message).toBe(`GET https://push.example.net/send?id=1&token=${REDACTED} failed`);
    expect(line?.err.stack).toContain(`&token=${REDACTED} failed`);
    expectNoTrace(log(), token);
  });

  it('logs request URLs and headers, whoever logs them, without token or Authorization', () => {
    server.app.log.warn(
      {
        req: { method: 'GET', url: `/api/events?access_token=${token}`, headers: {} },
        headers: { authorization: `Bearer ${token}`, cookie: `session=${token}`, 'user-agent': 'probe' },
      },
      `request to /api/events?access_token=${token}`,
    );
    const [line] = written.map((text) => JSON.parse(text) as { req: { url: string }; headers: Record<string, string>; msg: string });
    expect(line?.req.url).toBe(`/api/events?access_token=${REDACTED}`);
    expect(line?.headers).toEqual({ authorization: REDACTED, cookie: REDACTED, 'user-agent': 'probe' });
    expect(line?.msg).toBe(`request to /api/events?access_token=${REDACTED}`);
    expectNoTrace(log(), token);
  });
});
