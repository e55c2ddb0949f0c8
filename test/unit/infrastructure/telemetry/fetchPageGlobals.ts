/**
 * What jsdom lacks of a browser for OpenTelemetry's fetch instrumentation, given before it loads
 * (import this first): `PerformanceObserver`, whose presence is how the instrumentation tells a
 * browser from a server (it patches nothing without it), and `Request`, which it only asks whether
 * it was handed. Neither records anything: spans then carry no resource timing, as in a browser
 * whose timing entry came too late.
 */
class PagePerformanceObserver {
  static readonly supportedEntryTypes = ['resource'];
  observe(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return [];
  }
}

class PageRequest {}

const page = globalThis as unknown as Record<string, unknown>;
page.PerformanceObserver ??= PagePerformanceObserver;
page.Request ??= PageRequest;
