import { Container, type ContainerModule } from 'inversify';
import type { Environment } from '../domain/model/Environment';
import { browserModule, type BrowserContext } from './modules/browserModule';
import { coreModule } from './modules/coreModule';
import { deployedModule, developmentModule } from './modules/environmentModule';
import { installableModule } from './modules/installableModule';

/**
 * The console's modules, in the order they load: core, browser, the installable console, then the
 * environment's (development: no telemetry, no service worker; test and production: both). It is
 * also the order their contributions start in (`ConsoleContributions`).
 */
export function consoleModules(environment: Environment, context: BrowserContext): ContainerModule[] {
  return [
    coreModule,
    browserModule(context),
    installableModule(context.window),
    environment === 'development' ? developmentModule : deployedModule(environment, context),
  ];
}

/** The composition root. */
export function createContainer(environment: Environment, context: BrowserContext): Container {
  const container = new Container();
  container.load(...consoleModules(environment, context));
  return container;
}
