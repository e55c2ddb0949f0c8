import { ContainerModule } from 'inversify';
import { Environment } from '../../domain/model/Environment';
import { Telemetry } from '../../domain/ports/Telemetry';
import { LazyTelemetry } from '../../infrastructure/telemetry/LazyTelemetry';
import { NoopTelemetry } from '../../infrastructure/telemetry/NoopTelemetry';

/** Development (the webpack dev build): no telemetry and no service worker. */
export const developmentModule = new ContainerModule(({ bind }) => {
  bind(Environment).toConstantValue('development' satisfies Environment);
  bind(Telemetry).toConstantValue(new NoopTelemetry());
});

/**
 * Test and production (a production build, told apart by host at run time). They differ only
 * in the `deployment.environment` they report. Telemetry is a LazyTelemetry that `startTelemetry`
 * hands over to OpenTelemetry once the console has rendered.
 */
export function deployedModule(environment: Exclude<Environment, 'development'>): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(Environment).toConstantValue(environment);
    bind(LazyTelemetry).toConstantValue(new LazyTelemetry());
    bind(Telemetry).toService(LazyTelemetry);
  });
}
