import { Container } from 'inversify';
import type { Environment } from '../domain/model/Environment';
import { PRODUCTION_BUILD } from './buildMode';
import { browserModule, type BrowserContext } from './modules/browserModule';
import { coreModule } from './modules/coreModule';
import { deployedModule, developmentModule } from './modules/environmentModule';
import { installableModule } from './modules/installableModule';

/** The composition root: core, browser, the installable console, then the environment's module. */
export function createContainer(environment: Environment, context: BrowserContext): Container {
  const container = new Container();
  container.load(
    coreModule,
    browserModule(context),
    installableModule(context.window, PRODUCTION_BUILD),
    environment === 'development' ? developmentModule : deployedModule(environment),
  );
  return container;
}
