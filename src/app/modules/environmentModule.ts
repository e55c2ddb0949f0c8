import { ContainerModule } from 'inversify';
import { Environment } from '../../domain/model/Environment';
import { Telemetry } from '../../domain/ports/Telemetry';
import { NoopTelemetry } from '../../infrastructure/telemetry/NoopTelemetry';

/** Development (the webpack dev build): no telemetry and no service worker (spec). */
export const developmentModule = new ContainerModule(({ bind }) => {
  bind(Environment).toConstantValue('development' satisfies Environment);
  bind(Telemetry).toConstantValue(new NoopTelemetry());
});

/**
 * Test and production (a production build, told apart by host at run time, spec). They differ only
 * in the `deployment.environment` they report; OpenTelemetry replaces NoopTelemetry here once it
 * is built.
 */
export function deployedModule(environment: Exclude<Environment, 'development'>): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(Environment).toConstantValue(environment);
    bind(Telemetry).toConstantValue(new NoopTelemetry());
  });
}
