import { CollectorForwarder } from '../../../server/telemetry/CollectorForwarder';
import { ReceivedTelemetry } from '../../../server/telemetry/ReceivedTelemetry';
import { MEMORY_STORE } from '../../../server/limits/LimitStore';
import { DEFAULT_TELEMETRY_RATE_LIMITS, TelemetryRateLimiter } from '../../../server/telemetry/TelemetryRateLimiter';
import type { TelemetrySummary } from '../../../server/telemetry/TelemetrySummary';
import { SystemTestClock } from '../support/SystemTestClock';

describe('the telemetry rate limiter', () => {
  const clock = new SystemTestClock();
  beforeAll(() => clock.install());
  afterAll(() => clock.uninstall());

  it('lets a client send 60 requests per 10 s, at once if it likes, counted from its first', async () => {
    const limiter = new TelemetryRateLimiter();
    expect(DEFAULT_TELEMETRY_RATE_LIMITS).toEqual({ perClient: 60, overall: 600, windowMs: 10_000 });
    for (let request = 0; request < 60; request++) {
      expect(await limiter.take('10.0.0.1')).toBe(0);
    }
    expect(await limiter.take('10.0.0.1')).toBe(10);
    clock.advance(9_000);
    expect(await limiter.take('10.0.0.1')).toBe(1);
    clock.advance(1_000);
    expect(await limiter.take('10.0.0.1')).toBe(0);
  });

  it('counts clients apart', async () => {
    const limiter = new TelemetryRateLimiter(MEMORY_STORE, { perClient: 2, overall: 100, windowMs: 10_000 });
    expect([await limiter.take('a'), await limiter.take('a'), await limiter.take('a')]).toEqual([0, 0, 10]);
    expect([await limiter.take('b'), await limiter.take('b'), await limiter.take('b')]).toEqual([0, 0, 10]);
  });

  it('caps all clients together, and a request refused so counts not against its client', async () => {
    const limiter = new TelemetryRateLimiter(MEMORY_STORE, { perClient: 2, overall: 3, windowMs: 9_000 });
    expect(await Promise.all(['a', 'b', 'c'].map((client) => limiter.take(client)))).toEqual([0, 0, 0]);
    clock.advance(3_000);
    expect([await limiter.take('d'), await limiter.take('d')]).toEqual([6, 6]);
    clock.advance(6_000);
    // Everybody's window has ended, d's (from its first request, 3 s in) has not, and holds both of its requests still.
    expect([await limiter.take('d'), await limiter.take('d'), await limiter.take('d')]).toEqual([0, 0, 3]);
  });

  it('does not count refused requests, and answers the whole seconds to wait', async () => {
    const limiter = new TelemetryRateLimiter(MEMORY_STORE, { perClient: 1, overall: 100, windowMs: 10_000 });
    expect(await limiter.take('a')).toBe(0);
    clock.advance(2_500);
    expect(await limiter.take('a')).toBe(8);
    expect(await limiter.take('a')).toBe(8);
    clock.advance(7_500);
    expect(await limiter.take('a')).toBe(0);
    expect(await limiter.take('a')).toBe(10);
  });
});

describe('the received telemetry', () => {
  const summary = (signal: 'traces' | 'logs', counts: Array<[string, number]>): TelemetrySummary => ({
    signal,
    format: 'protobuf',
    receivedAt: '2026-03-10T09:30:00.000Z',
    bytes: 100,
    items: counts.reduce((sum, [, count]) => sum + count, 0),
    counts: counts.map(([key, count]) => ({ key, count })),
  });

  it('keeps the last summaries and totals per signal', () => {
    const received = new ReceivedTelemetry(2);
    received.add(summary('traces', [['HTTP GET', 2]]));
    received.add(summary('logs', [['Warning (13)', 1]]));
    received.add(summary('traces', [['HTTP GET', 1], ['click', 1]]));
    expect(received.recent().map((each) => each.signal)).toEqual(['logs', 'traces']);
    expect(received.totalsOf('traces')).toEqual({
      requests: 2,
      items: 4,
      counts: [
        { key: 'HTTP GET', count: 3 },
        { key: 'click', count: 1 },
      ],
    });
    expect(received.totalsOf('logs')).toEqual({ requests: 1, items: 1, counts: [{ key: 'Warning (13)', count: 1 }] });
  });
});

describe('the collector endpoint', () => {
  it('appends the signal paths to the base URL', () => {
    expect(new CollectorForwarder('http://collector:4318').urlOf('traces')).toBe('http://collector:4318/v1/traces');
    expect(new CollectorForwarder('https://otel.example.com/ingest/').urlOf('logs')).toBe('https://otel.example.com/ingest/v1/logs');
  });

  it('refuses what is not an http(s) URL without credentials', () => {
    expect(() => new CollectorForwarder('collector:4318')).toThrow(/http or https URL/);
    expect(() => new CollectorForwarder('not a url')).toThrow(/http or https URL/);
    expect(() => new CollectorForwarder('http://user:secret@collector:4318')).toThrow(/user name or password/);
  });
});
