import { CollectorForwarder } from '../../../server/telemetry/CollectorForwarder';
import { ReceivedTelemetry } from '../../../server/telemetry/ReceivedTelemetry';
import { DEFAULT_TELEMETRY_RATE_LIMITS, TelemetryRateLimiter } from '../../../server/telemetry/TelemetryRateLimiter';
import type { TelemetrySummary } from '../../../server/telemetry/TelemetrySummary';
import { TestClock } from '../support/testServer';

describe('the telemetry rate limiter', () => {
  it('lets a client send 60 requests at once per 10 s, then refills one every 1/6 s', () => {
    const clock = new TestClock();
    const limiter = new TelemetryRateLimiter(clock.now);
    expect(DEFAULT_TELEMETRY_RATE_LIMITS).toEqual({ perClient: 60, overall: 600, windowMs: 10_000 });
    for (let request = 0; request < 60; request++) {
      expect(limiter.take('10.0.0.1')).toBe(0);
    }
    expect(limiter.take('10.0.0.1')).toBe(1);
    clock.advance(100);
    expect(limiter.take('10.0.0.1')).toBe(1);
    clock.advance(70);
    expect(limiter.take('10.0.0.1')).toBe(0);
    expect(limiter.take('10.0.0.1')).toBe(1);
  });

  it('counts clients apart', () => {
    const limiter = new TelemetryRateLimiter(new TestClock().now, { perClient: 2, overall: 100, windowMs: 10_000 });
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 5]);
    expect([limiter.take('b'), limiter.take('b'), limiter.take('b')]).toEqual([0, 0, 5]);
  });

  it('caps all clients together', () => {
    const clock = new TestClock();
    const limiter = new TelemetryRateLimiter(clock.now, { perClient: 10, overall: 3, windowMs: 9_000 });
    expect(['a', 'b', 'c', 'd'].map((client) => limiter.take(client))).toEqual([0, 0, 0, 3]);
    clock.advance(3_000);
    expect(limiter.take('d')).toBe(0);
    expect(limiter.take('e')).toBe(3);
  });

  it('does not count refused requests, and answers the whole seconds to wait', () => {
    const clock = new TestClock();
    const limiter = new TelemetryRateLimiter(clock.now, { perClient: 1, overall: 100, windowMs: 10_000 });
    expect(limiter.take('a')).toBe(0);
    clock.advance(2_500);
    expect(limiter.take('a')).toBe(8);
    expect(limiter.take('a')).toBe(8);
    clock.advance(7_500);
    expect(limiter.take('a')).toBe(0);
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
