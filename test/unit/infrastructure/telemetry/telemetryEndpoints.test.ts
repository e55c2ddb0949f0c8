import { telemetryEndpoints } from '../../../../src/infrastructure/telemetry/telemetryEndpoints';

describe('telemetryEndpoints', () => {
  it('uses the own origin when telemetryBase is empty', () => {
    expect(telemetryEndpoints('', '/api', 'https://cockpit.example.com')).toMatchObject({
      traces: 'https://cockpit.example.com/v1/traces',
      logs: 'https://cockpit.example.com/v1/logs',
    });
  });

  it('uses telemetryBase, with or without a trailing slash, absolute or a path', () => {
    expect(telemetryEndpoints('https://otel.example.com/', '/api', 'https://cockpit.example.com').traces).toBe('https://otel.example.com/v1/traces');
    expect(telemetryEndpoints('/telemetry', '/api', 'https://cockpit.example.com').logs).toBe('https://cockpit.example.com/telemetry/v1/logs');
  });

  it('ignores the event stream and both telemetry URLs, with any query, and nothing that merely starts alike', () => {
    const { ignoredUrls } = telemetryEndpoints('', '/api', 'https://cockpit.example.com');
    const ignored = (url: string) => ignoredUrls.some((pattern) => pattern.test(url));
    expect(ignored('https://cockpit.example.com/api/events')).toBe(true);
    expect(ignored('https://cockpit.example.com/api/events?since=5')).toBe(true);
    expect(ignored('https://cockpit.example.com/v1/traces')).toBe(true);
    expect(ignored('https://cockpit.example.com/v1/logs')).toBe(true);
    expect(ignored('https://cockpit.example.com/api/events-archive')).toBe(false);
    expect(ignored('https://cockpit.example.com/api/orders')).toBe(false);
    expect(ignored('https://evil.example.com/api/events')).toBe(false);
  });
});
