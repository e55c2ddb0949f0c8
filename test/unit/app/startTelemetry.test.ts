import { Container } from 'inversify';
import { AppStability } from '../../../src/domain/lifecycle/AppStability';
import type { RuntimeConfig } from '../../../shared/RuntimeConfig';
import { Telemetry } from '../../../src/domain/ports/Telemetry';
import { deployedModule, developmentModule } from '../../../src/app/modules/environmentModule';
import { ConsoleContribution, ConsoleContributions } from '../../../src/app/ConsoleContribution';
import { loadOtelModule, type OtelModule } from '../../../src/app/startTelemetry';
import { FIRST_SCREEN_WAIT_MS, IDLE_WAIT_MS, NO_IDLE_CALLBACK_WAIT_MS } from '../../../src/ui/routing/afterFirstScreen';
import type { LoadedTelemetry } from '../../../src/infrastructure/telemetry/LazyTelemetry';
import { WindowTimers } from '../../../src/infrastructure/scheduling/WindowTimers';
import { NoopTelemetry } from '../../../src/infrastructure/telemetry/NoopTelemetry';
import type { OtelTelemetryOptions } from '../../../src/infrastructure/telemetry/startOtelTelemetry';

const config: RuntimeConfig = {
  release: '2026.11.0',
  productionHost: 'cockpit.example.com',
  apiBase: '/api',
  telemetryBase: '',
  vapidPublicKey: 'key',
  sessionIdleMinutes: 30,
};

/** The chunk as a test sees it: it counts its loads and starts telemetry that records what it gets. */
function fakeChunk() {
  const recorded: unknown[] = [];
  const started: OtelTelemetryOptions[] = [];
  const telemetry: LoadedTelemetry = {
    recordError: (error) => void recorded.push(error),
    capture: (error) => void recorded.push(error),
    flush: async () => undefined,
  };
  const chunk = {
    loads: 0,
    recorded,
    started,
    load: async (): Promise<OtelModule> => {
      chunk.loads += 1;
      return {
        startOtelTelemetry: (options) => {
          started.push(options);
          return telemetry;
        },
      };
    },
  };
  return chunk;
}

/**
 * A deployed environment's container whose telemetry chunk is `chunk`, the console's stability (first
 * route rendered, requests answered), and `start`: the console's contributions started as bootstrap does.
 */
function deployedContainer(environment: 'test' | 'production', chunk: ReturnType<typeof fakeChunk>) {
  const container = new Container();
  container.load(deployedModule(environment, { config, window }, chunk.load));
  const stability = new AppStability(new WindowTimers(window));
  const start = () => new ConsoleContributions(container).start(window, stability.whenStable());
  return { container, stability, start };
}

/** A browser idle callback that runs after `busyMs` of work, or at its timeout if that comes first. */
function idleAfter(busyMs: number) {
  const requests: IdleRequestOptions[] = [];
  const requestIdleCallback = (callback: IdleRequestCallback, options: IdleRequestOptions = {}) => {
    requests.push(options);
    const timedOut = options.timeout !== undefined && options.timeout < busyMs;
    return window.setTimeout(() => callback({ didTimeout: timedOut, timeRemaining: () => (timedOut ? 0 : 50) }), timedOut ? options.timeout : busyMs);
  };
  Object.assign(window, { requestIdleCallback });
  return requests;
}

describe('telemetry in a deployed console starts once the first screen is done', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    delete (window as Partial<Window>).requestIdleCallback;
  });

  it('in development: telemetry is NoopTelemetry and nothing starts OpenTelemetry', () => {
    const container = new Container();
    container.load(developmentModule);
    expect(container.get(Telemetry)).toBeInstanceOf(NoopTelemetry);
    expect(container.isBound(ConsoleContribution)).toBe(false);
  });

  it('outside production builds there is no chunk to load at all', () => {
    // Jest runs with NODE_ENV=test: the condition webpack evaluates while bundling is false here too.
    expect(loadOtelModule).toBeUndefined();
  });

  it('deployed: loads the chunk only once the first route has rendered, painted and the browser is idle, and hands over errors recorded before', async () => {
    const chunk = fakeChunk();
    const { container, stability, start } = deployedContainer('test', chunk);
    const idle = idleAfter(300);
    const telemetry = container.get<Telemetry>(Telemetry);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);

    start();
    telemetry.recordError(new Error('during start'));
    await jest.advanceTimersByTimeAsync(5000); // frames and timers pass; the first route is still loading
    expect(chunk.loads).toBe(0);

    stability.markRendered();
    await jest.advanceTimersByTimeAsync(50); // the stability check, a frame and the task after it
    expect(chunk.loads).toBe(0);
    expect(idle).toEqual([{ timeout: IDLE_WAIT_MS }]);
    await jest.advanceTimersByTimeAsync(300); // idle
    expect(chunk.loads).toBe(1);
    expect(chunk.started).toEqual([{ release: '2026.11.0', environment: 'test', telemetryBase: '', apiBase: '/api', window }]);
    expect(chunk.recorded).toEqual([new Error('during start')]);

    telemetry.recordError(new Error('later'));
    expect(chunk.recorded).toEqual([new Error('during start'), new Error('later')]);
  });

  it('deployed: waits for the first page\'s requests (on /orders: the first rows) to be answered', async () => {
    const chunk = fakeChunk();
    const { stability, start } = deployedContainer('production', chunk);
    idleAfter(10);
    start();
    stability.started();
    stability.markRendered();
    await jest.advanceTimersByTimeAsync(3000);
    expect(chunk.loads).toBe(0);
    stability.finished();
    await jest.advanceTimersByTimeAsync(100);
    expect(chunk.loads).toBe(1);
  });

  it('deployed: a busy main thread keeps it waiting no longer than the idle timeout', async () => {
    const chunk = fakeChunk();
    const { stability, start } = deployedContainer('production', chunk);
    idleAfter(60_000);
    start();
    stability.markRendered();
    await jest.advanceTimersByTimeAsync(50 + IDLE_WAIT_MS - 100);
    expect(chunk.loads).toBe(0);
    await jest.advanceTimersByTimeAsync(100);
    expect(chunk.loads).toBe(1);
  });

  it('deployed without requestIdleCallback: loads a second after the first paint', async () => {
    const chunk = fakeChunk();
    const { stability, start } = deployedContainer('production', chunk);
    start();
    stability.markRendered();
    await jest.advanceTimersByTimeAsync(50);
    expect(chunk.loads).toBe(0);
    await jest.advanceTimersByTimeAsync(NO_IDLE_CALLBACK_WAIT_MS);
    expect(chunk.loads).toBe(1);
  });

  it('deployed: a first screen that never settles (a request that hangs) still gets telemetry after ten seconds', async () => {
    const chunk = fakeChunk();
    const { stability, start } = deployedContainer('production', chunk);
    idleAfter(10);
    start();
    stability.started();
    stability.markRendered();
    await jest.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS - 1);
    expect(chunk.loads).toBe(0);
    await jest.advanceTimersByTimeAsync(100);
    expect(chunk.loads).toBe(1);
  });

  it('deployed in a tab that paints no frame: loads two seconds after the first route anyway, once', async () => {
    const chunk = fakeChunk();
    const { stability, start } = deployedContainer('production', chunk);
    idleAfter(10);
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    start();
    stability.markRendered();
    await jest.advanceTimersByTimeAsync(1999);
    expect(chunk.loads).toBe(0);
    await jest.advanceTimersByTimeAsync(20);
    expect(chunk.loads).toBe(1);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(chunk.loads).toBe(1);
    expect(chunk.started[0]?.environment).toBe('production');
  });

  it('the composition root imports no OpenTelemetry package statically', async () => {
    const packages = [
      '@opentelemetry/api',
      '@opentelemetry/api-logs',
      '@opentelemetry/resources',
      '@opentelemetry/sdk-trace-web',
      '@opentelemetry/sdk-logs',
      '@opentelemetry/exporter-trace-otlp-http',
      '@opentelemetry/exporter-logs-otlp-proto',
      '@opentelemetry/instrumentation',
      '@opentelemetry/instrumentation-document-load',
      '@opentelemetry/instrumentation-fetch',
      '@opentelemetry/instrumentation-user-interaction',
    ];
    await jest.isolateModulesAsync(async () => {
      for (const name of packages) {
        jest.doMock(name, () => {
          throw new Error(`${name} was loaded`);
        });
      }
      await expect(import('../../../src/app/bootstrap')).resolves.toHaveProperty('bootstrap');
      await expect(import('../../../src/app/startTelemetry')).resolves.toHaveProperty('startTelemetry');
      await expect(import('../../../src/app/createContainer')).resolves.toHaveProperty('createContainer');
    });
  }, 30_000);

  afterEach(() => jest.restoreAllMocks());
});
