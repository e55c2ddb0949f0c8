import type { RunningServer } from '../../../server/startServer';
import { ReceivedTelemetry } from '../../../server/telemetry/ReceivedTelemetry';
import { CONSOLE_LOGS, logsBody, protobufPadding, traceBody } from '../support/otlpBodies';
import { JSON_TYPE, MIB, postTelemetry, PROTOBUF, startTelemetryApp } from '../support/telemetryClient';
import { call, expectProblem, STARTUP_TIMEOUT_MS, startTestServer } from '../support/testServer';
import { SystemTestClock } from '../support/SystemTestClock';

interface LogLine {
  level: number;
  msg: string;
  telemetry?: { signal: string; format: string; bytes: number; items: number; counts: Array<{ key: string; count: number }> };
}

describe('telemetry without a collector: decoded and summarised in the log', () => {
  let server: RunningServer;
  let received: ReceivedTelemetry;
  const logLines: LogLine[] = [];
  const telemetryLines = () => logLines.filter((line) => line.telemetry !== undefined);

  beforeAll(async () => {
    received = new ReceivedTelemetry();
    server = await startTestServer({
      logger: { level: 'info', stream: { write: (line: string) => logLines.push(JSON.parse(line) as LogLine) } },
      // Plenty for this file's requests; the flood limit has its own app below.
      telemetry: { received, rateLimits: { perClient: 10_000, overall: 10_000 } },
    });
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await server?.close();
  });

  beforeEach(() => {
    logLines.length = 0;
  });

  describe('accepted', () => {
    it('takes protobuf traces without a token, answers an empty protobuf response and logs the span names with counts', async () => {
      const body = await traceBody(['HTTP GET', 'documentLoad', 'HTTP GET']);
      const response = await postTelemetry(server, 'traces', body.protobuf, { contentType: PROTOBUF });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(PROTOBUF);
      expect((await response.arrayBuffer()).byteLength).toBe(0);
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");

      const [line, ...others] = telemetryLines();
      expect(others).toEqual([]);
      expect(line?.level).toBe(30);
      expect(line?.msg).toBe('telemetry: 3 spans: HTTP GET ×2, documentLoad ×1');
      expect(line?.telemetry).toEqual(
        expect.objectContaining({
          signal: 'traces',
          format: 'protobuf',
          bytes: body.protobuf.length,
          items: 3,
          counts: [
            { key: 'HTTP GET', count: 2 },
            { key: 'documentLoad', count: 1 },
          ],
        }),
      );
      expect(received.recent().at(-1)).toEqual(expect.objectContaining({ signal: 'traces', items: 3, bytes: body.protobuf.length }));
    });

    it('takes JSON traces (also with a charset) and answers an empty JSON response', async () => {
      const body = await traceBody(['click', 'click']);
      for (const contentType of [JSON_TYPE, 'application/json; charset=utf-8']) {
        const response = await postTelemetry(server, 'traces', body.json, { contentType });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(await response.json()).toEqual({});
      }
      expect(telemetryLines().map((line) => line.msg)).toEqual(['telemetry: 2 spans: click ×2', 'telemetry: 2 spans: click ×2']);
      expect(received.recent().at(-1)).toEqual(expect.objectContaining({ format: 'json', counts: [{ key: 'click', count: 2 }] }));
    });

    it('takes protobuf logs and logs the records by severity with counts', async () => {
      const body = await logsBody(CONSOLE_LOGS);
      const response = await postTelemetry(server, 'logs', body.protobuf, { contentType: PROTOBUF });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(PROTOBUF);
      expect(telemetryLines().map((line) => line.msg)).toEqual(['telemetry: 4 log records: Warning (13) ×2, DEBUG (5) ×1, Error (17) ×1']);
      expect(received.totalsOf('logs')).toEqual(
        expect.objectContaining({ counts: expect.arrayContaining([{ key: 'Warning (13)', count: expect.any(Number) }]) }),
      );
      expect(received.recent().at(-1)).toEqual(
        expect.objectContaining({
          signal: 'logs',
          items: 4,
          counts: [
            { key: 'Warning (13)', count: 2 },
            { key: 'DEBUG (5)', count: 1 },
            { key: 'Error (17)', count: 1 },
          ],
        }),
      );
    });

    it('takes JSON logs as well', async () => {
      const response = await postTelemetry(server, 'logs', (await logsBody(CONSOLE_LOGS.slice(2, 3))).json, { contentType: JSON_TYPE });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({});
      expect(telemetryLines().map((line) => line.msg)).toEqual(['telemetry: 1 log record: Error (17) ×1']);
    });

    it('takes an empty protobuf request (no spans)', async () => {
      const response = await postTelemetry(server, 'traces', new Uint8Array(0), { contentType: PROTOBUF });
      expect(response.status).toBe(200);
      expect(telemetryLines().map((line) => line.msg)).toEqual(['telemetry: 0 spans']);
    });

    it('takes a body of 5 MiB minus a little, far above the API limit of 1 MiB', async () => {
      const { protobuf } = await traceBody(['large']);
      const padding = protobufPadding(100, 5 * MIB - protobuf.length - 100);
      const body = Buffer.concat([protobuf, padding]);
      expect(body.length).toBeGreaterThan(5 * MIB - 200);
      expect(body.length).toBeLessThan(5 * MIB);
      const response = await postTelemetry(server, 'traces', body, { contentType: PROTOBUF });
      expect(response.status).toBe(200);
      expect(received.recent().at(-1)).toEqual(expect.objectContaining({ bytes: body.length, counts: [{ key: 'large', count: 1 }] }));
    });
  });

  describe('refused', () => {
    it('refuses bodies over 5 MiB with 413', async () => {
      const count = received.recent().length;
      // Valid protobuf (one unknown field of padding): only its size is wrong.
      const body = protobufPadding(100, 5 * MIB - 5);
      expect(body.length).toBe(5 * MIB + 1);
      const response = await postTelemetry(server, 'traces', body, { contentType: PROTOBUF, headers: { 'x-ui-locale': 'de' } });
      const problem = await expectProblem(response, 413);
      expect(problem).toEqual({
        type: 'urn:order-cockpit:problem:payload-too-large',
        title: 'Anfrage zu groß',
        status: 413,
        detail: 'Der Inhalt der Anfrage überschreitet die Grenze von 5 MiB.',
      });
      const logs = await postTelemetry(server, 'logs', Buffer.alloc(6 * MIB), { contentType: PROTOBUF });
      expect((await expectProblem(logs, 413)).detail).toBe('The request body exceeds the limit of 5 MiB.');
      expect(received.recent()).toHaveLength(count);
    });

    it('refuses other content types with 415', async () => {
      const { protobuf } = await traceBody(['x']);
      for (const contentType of ['text/plain', 'application/xml', 'application/octet-stream', 'application/protobuf', undefined]) {
        const response = await postTelemetry(server, 'traces', protobuf, { contentType });
        const problem = await expectProblem(response, 415);
        expect(problem.type).toBe('urn:order-cockpit:problem:unsupported-telemetry-type');
        expect(problem.detail).toBe('Send telemetry as OTLP/HTTP with application/x-protobuf or application/json.');
      }
      const empty = await fetch(`${server.url}/v1/logs`, { method: 'POST' });
      expect((await expectProblem(empty, 415)).type).toBe('urn:order-cockpit:problem:unsupported-telemetry-type');
      const german = await postTelemetry(server, 'logs', 'x', { contentType: 'text/plain', headers: { 'x-ui-locale': 'de' } });
      expect(await expectProblem(german, 415)).toEqual(
        expect.objectContaining({
          title: 'Nicht unterstützter Inhaltstyp',
          detail: 'Bitte Telemetrie als OTLP/HTTP mit application/x-protobuf oder application/json senden.',
        }),
      );
      // Compressed bodies are for a collector to unpack.
      const gzip = await postTelemetry(server, 'traces', protobuf, { contentType: PROTOBUF, headers: { 'content-encoding': 'gzip' } });
      await expectProblem(gzip, 415);
      expect(telemetryLines()).toEqual([]);
    });

    it('refuses undecodable bodies with 400: garbage protobuf, bad JSON, JSON that is not OTLP', async () => {
      const count = received.recent().length;
      const { protobuf } = await logsBody(CONSOLE_LOGS);
      const cases: Array<['traces' | 'logs', Uint8Array | string, string]> = [
        ['traces', Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), PROTOBUF],
        ['traces', Buffer.from('{"resourceSpans":[]}'), PROTOBUF],
        ['logs', protobuf.subarray(0, protobuf.length - 5), PROTOBUF],
        ['traces', '{"resourceSpans": [', JSON_TYPE],
        ['logs', '', JSON_TYPE],
        ['traces', '{"resourceSpans": "all of them"}', JSON_TYPE],
        ['logs', '[1, 2]', JSON_TYPE],
      ];
      for (const [signal, body, contentType] of cases) {
        const response = await postTelemetry(server, signal, body, { contentType });
        const problem = await expectProblem(response, 400);
        expect(problem).toEqual({
          type: 'urn:order-cockpit:problem:malformed-telemetry',
          title: 'Undecodable telemetry',
          status: 400,
          detail: 'The request body is not a valid OTLP export request of its content type.',
        });
      }
      const german = await postTelemetry(server, 'traces', '{', { contentType: JSON_TYPE, headers: { 'x-ui-locale': 'de' } });
      expect((await expectProblem(german, 400)).title).toBe('Nicht lesbare Telemetrie');
      expect(received.recent()).toHaveLength(count);
      expect(telemetryLines()).toEqual([]);
    });

    it('serves only POST: other methods and paths under /v1 are 404 problems, never the console page', async () => {
      await expectProblem(await call(server, '/v1/traces', { headers: { accept: 'text/html' } }), 404);
      await expectProblem(await call(server, '/v1/metrics', { body: '{}' }), 404);
      await expectProblem(await call(server, '/v1/logs', { method: 'PUT', body: '{}' }), 404);
    });
  });

  it('leaves the API as it was: JSON only, 1 MiB, token required', async () => {
    const protobuf = await call(server, '/api/auth/login', { body: 'x', headers: { 'content-type': PROTOBUF } });
    expect((await expectProblem(protobuf, 415)).type).toBe('urn:order-cockpit:problem:unsupported-media-type');
    const large = await call(server, '/api/auth/login', { body: JSON.stringify({ email: 'a', password: 'x'.repeat(2 * MIB) }) });
    expect((await expectProblem(large, 413)).detail).toBe('The request body exceeds the limit of 1 MiB.');
    await expectProblem(await call(server, '/api/me'), 401);
  });

  describe('floods', () => {
    // On PostgreSQL the limits are kept in the database, shared by every app on it (the server's above):
    // each test starts with none, as a fresh process on the embedded database does.
    beforeEach(() => server.database.query('DELETE FROM rate_limits'));

    it('refuses more than the limit per client with 429 and Retry-After, before reading the body, then lets it through again', async () => {
      const clock = new SystemTestClock();
      clock.install();
      const limits = { perClient: 3, overall: 1000, windowMs: 10_000 };
      const { app, url } = await startTelemetryApp(server, { rateLimits: limits }, { clock: clock.now });
      try {
        const { protobuf } = await traceBody(['HTTP GET']);
        for (let request = 0; request < 3; request++) {
          expect((await postTelemetry(url, 'traces', protobuf, { contentType: PROTOBUF })).status).toBe(200);
        }
        const refused = await postTelemetry(url, 'traces', protobuf, { contentType: PROTOBUF });
        expect(refused.headers.get('retry-after')).toBe('10');
        expect(await expectProblem(refused, 429)).toEqual({
          type: 'urn:order-cockpit:problem:too-many-telemetry-requests',
          title: 'Too many telemetry requests',
          status: 429,
          detail: 'Too much telemetry at once. Try again in 10 seconds.',
        });
        // Refused before the content type or size is looked at.
        const large = await postTelemetry(url, 'logs', Buffer.alloc(6 * MIB), {
          contentType: 'text/plain',
          headers: { 'x-ui-locale': 'de' },
        });
        expect((await expectProblem(large, 429)).detail).toBe('Zu viel Telemetrie auf einmal. Bitte in 10 Sekunden erneut versuchen.');

        // The client's window ends 10 s after its first request: then three more.
        clock.advance(9_999);
        await expectProblem(await postTelemetry(url, 'traces', protobuf, { contentType: PROTOBUF }), 429);
        clock.advance(1);
        for (let request = 0; request < 3; request++) {
          expect((await postTelemetry(url, 'traces', protobuf, { contentType: PROTOBUF })).status).toBe(200);
        }
        await expectProblem(await postTelemetry(url, 'traces', protobuf, { contentType: PROTOBUF }), 429);
        // The API is not counted.
        expect((await fetch(`${url}/healthz`)).status).toBe(200);
      } finally {
        clock.uninstall();
        await app.close();
      }
    });

    it('caps all clients together', async () => {
      const { app, url } = await startTelemetryApp(server, { rateLimits: { perClient: 100, overall: 2, windowMs: 60_000 } });
      try {
        const { protobuf } = await traceBody(['HTTP GET']);
        expect((await postTelemetry(url, 'traces', protobuf, { contentType: PROTOBUF })).status).toBe(200);
        expect((await postTelemetry(url, 'traces', protobuf, { contentType: PROTOBUF })).status).toBe(200);
        const refused = await postTelemetry(url, 'traces', protobuf, { contentType: PROTOBUF });
        await expectProblem(refused, 429);
        expect(refused.headers.get('retry-after')).toBe('60');
      } finally {
        await app.close();
      }
    });
  });
});
