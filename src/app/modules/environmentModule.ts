import { ContainerModule } from 'inversify';
import type { Environment } from '../../domain/model/Environment';
import { Telemetry } from '../../domain/ports/Telemetry';
import type { RuntimeConfig } from '../../../shared/RuntimeConfig';
import { createWorkbox } from '../../infrastructure/serviceWorker/createWorkbox';
import { LazyTelemetry } from '../../infrastructure/telemetry/LazyTelemetry';
import { NoopTelemetry } from '../../infrastructure/telemetry/NoopTelemetry';
import { ConsoleContribution } from '../ConsoleContribution';
import { loadOtelModule, startTelemetry } from '../startTelemetry';
import { ServiceWorkerHost } from './ServiceWorkerHost';

/** Development (the webpack dev build): no telemetry and no service worker. */
export const developmentModule = new ContainerModule(({ bind }) => {
  bind(Telemetry).toConstantValue(new NoopTelemetry());
  bind(ServiceWorkerHost).toConstantValue(null);
});

/** What a deployed console reports itself as, and where it runs. */
export interface DeployedContext {
  config: RuntimeConfig;
  window: Window;
}

/**
 * Test and production (a production build, told apart by host at run time). They differ only in
 * the `deployment.environment` they report. The service worker's host is workbox (where the browser
 * has service workers). Telemetry is a LazyTelemetry, handed over to OpenTelemetry once the first
 * screen is done (the `telemetry` chunk, `load`).
 */
export function deployedModule(environment: Exclude<Environment, 'development'>, context: DeployedContext, load = loadOtelModule): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(ServiceWorkerHost).toConstantValue(createWorkbox(context.window));
    bind(LazyTelemetry).toConstantValue(new LazyTelemetry());
    bind(Telemetry).toService(LazyTelemetry);
    bind(ConsoleContribution)
      .toResolvedValue(
        (lazy: LazyTelemetry): ConsoleContribution => ({
          onFirstScreenDone: () => startTelemetry(lazy, { config: context.config, environment, window: context.window }, load),
        }),
        [LazyTelemetry],
      )
      .inSingletonScope();
  });
}
