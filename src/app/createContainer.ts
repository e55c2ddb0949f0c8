import { Container } from 'inversify';
import type { Environment } from '../domain/model/Environment';
import { browserModule, type BrowserContext } from './modules/browserModule';
import { coreModule } from './modules/coreModule';
import { deployedModule, developmentModule } from './modules/environmentModule';

/** The composition root: core, browser, then the environment's module. */
export function createContainer(environment: Environment, context: BrowserContext): Container {
  const container = new Container();
  container.load(coreModule, browserModule(context), environment === 'development' ? developmentModule : deployedModule(environment));
  return container;
}
