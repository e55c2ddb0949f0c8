import { createServer } from 'node:net';
import type { RunningServer } from '../../../server/startServer';
import { ReceivedTelemetry } from '../../../server/telemetry/ReceivedTelemetry';
import { FakeCollector } from '../support/fakeCollector';
import { CONSOLE_LOGS, logsBody, protobufPadding, traceBody } from '../support/otlpBodies';
import { JSON_TYPE, MIB, postTelemetry, PROTOBUF, startTelemetryApp } from '../support/telemetryClient';
import { expectProblem, STARTUP_TIMEOUT_MS, startTestServer } from '../support/testServer';

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

interface LogLine {
  level: number;
  msg: string;
  collector?: string;
}

describe('telemetry with OTEL_EXPORTER_OTLP_ENDPOINT: forwarded to the collector unchanged', () => {
  const collector = new FakeCollector();
  const received = new ReceivedTelemetry();
  const logLines: LogLine[] = [];
  let server: RunningServer;

  beforeAll(async () => {
    await collector.start();
    server = await startTestServer({
      logger: { level: 'info', stream: { write: (line: string) => logLines.push(JSON.parse(line) as LogLine) } },
      // A base path and a trailing slash, as OTEL_EXPORTER_OTLP_ENDPOINT may have them.
      telemetry: { collectorEndpoint: `${collector.url}/otlp/`, received, rateLimits: { perClient: 10_000 } },
    });
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await server?.close();
    await collector.stop();
  });

  beforeEach(() => {
    collector.requests.length = 0;
    collector.reply = { status: 200 };
    logLines.length = 0;
  });

  it('forwards protobuf traces byte for byte with their content type and passes the answer back', async () => {
    const { protobuf } = await traceBody(['HTTP GET', 'documentLoad']);
    const answer = Buffer.from([0x0a, 0x00]);
    collector.reply = { status: 200, headers: { 'content-type': PROTOBUF }, body: answer };
    const response = await postTelemetry(server, 'traces', protobuf, { contentType: PROTOBUF });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(PROTOBUF);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(answer);

    expect(collector.requests).toHaveLength(1);
    const [forwarded] = collector.requests;
    expect(forwarded?.method).toBe('POST');
    expect(forwarded?.path).toBe('/otlp/v1/traces');
    expect(forwarded?.headers['content-type']).toBe(PROTOBUF);
    expect(forwarded?.body.equals(protobuf)).toBe(true);
    // Forwarded, not summarised.
    expect(received.recent()).toEqual([]);
    expect(logLines.filter((line) => line.msg.startsWith('telemetry:'))).toEqual([]);
  });

  it('forwards JSON traces with the content type exactly as sent', async () => {
    const { json } = await traceBody(['click']);
    collector.reply = { status: 200, headers: { 'content-type': JSON_TYPE }, body: '{"partialSuccess":{}}' };
    const response = await postTelemetry(server, 'traces', json, { contentType: 'application/json; charset=utf-8' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ partialSuccess: {} });
    const [forwarded] = collector.requests;
    expect(forwarded?.path).toBe('/otlp/v1/traces');
    expect(forwarded?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(forwarded?.body.equals(json)).toBe(true);
  });

  it('forwards protobuf logs to /v1/logs', async () => {
    const { protobuf } = await logsBody(CONSOLE_LOGS);
    const response = await postTelemetry(server, 'logs', protobuf, { contentType: PROTOBUF });
    expect(response.status).toBe(200);
    expect((await response.arrayBuffer()).byteLength).toBe(0);
    const [forwarded] = collector.requests;
    expect(forwarded?.path).toBe('/otlp/v1/logs');
    expect(forwarded?.headers['content-type']).toBe(PROTOBUF);
    expect(forwarded?.body.equals(protobuf)).toBe(true);
  });

  it('forwards a body of almost 5 MiB unchanged', async () => {
    const { protobuf } = await traceBody(['large']);
    const body = Buffer.concat([protobuf, protobufPadding(100, 5 * MIB - protobuf.length - 100)]);
    const response = await postTelemetry(server, 'traces', body, { contentType: PROTOBUF });
    expect(response.status).toBe(200);
    expect(collector.requests[0]?.body.equals(body)).toBe(true);
  });

  it('sends only the body, its type and its encoding along: no token, cookie or other header of the console', async () => {
    const { protobuf } = await traceBody(['HTTP GET']);
    await postTelemetry(server, 'traces', protobuf, {
      contentType: PROTOBUF,
      headers: { authorization: 'Bearer secret.jwt.token', cookie: 'session=1', 'x-ui-locale': 'de', 'content-encoding': 'identity' },
    });
    const headers = collector.requests[0]?.headers ?? {};
    expect(headers.authorization).toBeUndefined();
    expect(headers.cookie).toBeUndefined();
    expect(headers['x-ui-locale']).toBeUndefined();
    expect(headers['content-encoding']).toBe('identity');
  });

  it('passes the collector’s verdict back: 2xx as 200, failures with their status, body and Retry-After', async () => {
    collector.reply = { status: 202 };
    expect((await postTelemetry(server, 'traces', Buffer.alloc(0), { contentType: PROTOBUF })).status).toBe(200);

    // The collector judges what it gets: garbage goes there unchanged.
    const garbage = Buffer.from([0xff, 0xff, 0xff]);
    collector.reply = { status: 400, headers: { 'content-type': PROTOBUF }, body: Buffer.from([0x08, 0x03]) };
    const refused = await postTelemetry(server, 'logs', garbage, { contentType: PROTOBUF });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toBe(PROTOBUF);
    expect(Buffer.from(await refused.arrayBuffer())).toEqual(Buffer.from([0x08, 0x03]));
    expect(collector.requests.at(-1)?.body.equals(garbage)).toBe(true);

    collector.reply = { status: 503, headers: { 'retry-after': '7' } };
    const busy = await postTelemetry(server, 'logs', Buffer.alloc(0), { contentType: PROTOBUF });
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('7');
  });

  it('still refuses wrong content types (415) and oversized bodies (413) without asking the collector', async () => {
    await expectProblem(await postTelemetry(server, 'traces', 'x', { contentType: 'text/plain' }), 415);
    await expectProblem(await postTelemetry(server, 'traces', Buffer.alloc(5 * MIB + 1), { contentType: PROTOBUF }), 413);
    expect(collector.requests).toEqual([]);
  });

  it('answers 502 when the collector is down, logs a warning and keeps serving', async () => {
    const down = `http://127.0.0.1:${await closedPort()}`;
    const lines: LogLine[] = [];
    const { app, url } = await startTelemetryApp(server, { collectorEndpoint: down }, {
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line) as LogLine) } },
    });
    try {
      const { protobuf } = await traceBody(['HTTP GET']);
      for (let attempt = 0; attempt < 3; attempt++) {
        const response = await postTelemetry(url, 'traces', protobuf, { contentType: PROTOBUF, headers: { 'x-ui-locale': 'de' } });
        expect(await expectProblem(response, 502)).toEqual({
          type: 'urn:order-cockpit:problem:collector-unavailable',
          title: 'Collector nicht erreichbar',
          status: 502,
          detail: 'Die Telemetrie konnte nicht an den OpenTelemetry Collector weitergegeben werden. Bitte später erneut versuchen.',
        });
      }
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const warning = expect.objectContaining({
        level: 40,
        msg: `the OpenTelemetry Collector at ${down}/v1/traces cannot be reached`,
        collector: `${down}/v1/traces`,
      });
      expect(lines.filter((line) => line.level >= 40)).toEqual([warning, warning, warning]);
    } finally {
      await app.close();
    }
  });

  it('answers 502 when the collector does not answer in time', async () => {
    const { app, url } = await startTelemetryApp(server, { collectorEndpoint: collector.url, collectorTimeoutMs: 200 });
    try {
      collector.reply = { status: 200, delayMs: 1500 };
      const started = Date.now();
      const response = await postTelemetry(url, 'logs', Buffer.alloc(0), { contentType: PROTOBUF });
      expect((await expectProblem(response, 502)).title).toBe('Collector unavailable');
      expect(Date.now() - started).toBeLessThan(1400);
    } finally {
      await app.close();
    }
  });
});
