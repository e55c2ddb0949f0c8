import { Container } from 'inversify';
import type { RuntimeConfig } from '../../../../src/domain/model/RuntimeConfig';
import { Telemetry } from '../../../../src/domain/ports/Telemetry';
import { deployedModule, developmentModule } from '../../../../src/app/modules/environmentModule';
import { loadOtelModule, startTelemetry, type OtelModule } from '../../../../src/app/startTelemetry';
import type { LoadedTelemetry } from '../../../../src/infrastructure/telemetry/LazyTelemetry';
import { NoopTelemetry } from '../../../../src/infrastructure/telemetry/NoopTelemetry';
import type { OtelTelemetryOptions } from '../../../../src/infrastructure/telemetry/startOtelTelemetry';

const config: RuntimeConfig = {
  release: '2026.11.0',
  productionHost: 'cockpit.example.com',
  apiBase: '/api',
  telemetryBase: '',
  vapidPublicKey: 'key',
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

describe('startTelemetry', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('in development: telemetry is NoopTelemetry and the OpenTelemetry chunk is never loaded', async () => {
    const container = new Container();
    container.load(developmentModule);
    const chunk = fakeChunk();
    startTelemetry(container, { config, environment: 'development', window }, chunk.load);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(container.get(Telemetry)).toBeInstanceOf(NoopTelemetry);
    expect(chunk.loads).toBe(0);
  });

  it('outside production builds there is no chunk to load at all', () => {
    // Jest runs with NODE_ENV=test: the condition webpack evaluates while bundling is false here too.
    expect(loadOtelModule).toBeUndefined();
  });

  it('deployed: loads the chunk only after the first frame and hands over errors recorded before', async () => {
    const container = new Container();
    container.load(deployedModule('test'));
    const chunk = fakeChunk();
    const telemetry = container.get<Telemetry>(Telemetry);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);

    startTelemetry(container, { config, environment: 'test', window }, chunk.load);
    telemetry.recordError(new Error('during start'));
    expect(chunk.loads).toBe(0);
    await jest.advanceTimersByTimeAsync(50); // a frame, and the task after it
    expect(chunk.loads).toBe(1);
    expect(chunk.started).toEqual([{ release: '2026.11.0', environment: 'test', telemetryBase: '', apiBase: '/api', window }]);
    expect(chunk.recorded).toEqual([new Error('during start')]);

    telemetry.recordError(new Error('later'));
    expect(chunk.recorded).toEqual([new Error('during start'), new Error('later')]);
  });

  it('deployed in a tab that paints no frame: loads after two seconds anyway, once', async () => {
    const container = new Container();
    container.load(deployedModule('production'));
    const chunk = fakeChunk();
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    startTelemetry(container, { config, environment: 'production', window }, chunk.load);
    await jest.advanceTimersByTimeAsync(1999);
    expect(chunk.loads).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
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
      '@opentelemetry/instrumentation-xml-http-request',
    ];
    await jest.isolateModulesAsync(async () => {
      for (const name of packages) {
        jest.doMock(name, () => {
          throw new Error(`${name} was loaded`);
        });
      }
      await expect(import('../../../../src/app/bootstrap')).resolves.toHaveProperty('bootstrap');
      await expect(import('../../../../src/app/startTelemetry')).resolves.toHaveProperty('startTelemetry');
    });
  }, 30_000);

  afterEach(() => jest.restoreAllMocks());
});
