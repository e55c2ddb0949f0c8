import { Container, type ContainerModule } from 'inversify';
import type { Environment } from '../domain/model/Environment';
import { browserModule, type BrowserContext } from './modules/browserModule';
import { coreModule } from './modules/coreModule';
import { deployedModule, developmentModule } from './modules/environmentModule';
import { installableModule } from './modules/installableModule';
import { providePageServices } from '../ui/routing/pageServices';

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

/**
 * Loads the module `importModule` brings into `container` once, then resolves what it names to start
 * with it (`start`); a failed import is forgotten, so the next call tries again.
 */
function loadedOnce(container: Container, importModule: () => Promise<{ module: ContainerModule; start?: symbol }>): () => Promise<void> {
  let loaded: Promise<void> | null = null;
  return () =>
    (loaded ??= importModule().then(
      async ({ module, start }) => {
        await container.load(module);
        if (start) {
          container.get(start);
        }
      },
      (error: unknown) => {
        loaded = null;
        throw error;
      },
    ));
}

/**
 * The services only one page uses, each in that page's chunk (the chunk name joins them): loaded into
 * `container` when the page's module is imported (`routeModules`), so the first screen does not carry them.
 */
export function providePageModules(container: Container): void {
  providePageServices(
    'orders',
    loadedOnce(container, () =>
      import(/* webpackChunkName: "orders" */ './modules/ordersPageModule').then((m) => ({ module: m.ordersPageModule, start: m.OrdersPageStart })),
    ),
  );
  providePageServices(
    'planning',
    loadedOnce(container, () =>
      import(/* webpackChunkName: "planning" */ './modules/planningPageModule').then((m) => ({ module: m.planningPageModule, start: m.PlanningPageStart })),
    ),
  );
  providePageServices('settings', loadedOnce(container, () => import(/* webpackChunkName: "settings" */ './modules/settingsPageModule').then((m) => ({ module: m.settingsPageModule }))));
  providePageServices('users', loadedOnce(container, () => import(/* webpackChunkName: "users" */ './modules/usersPageModule').then((m) => ({ module: m.usersPageModule }))));
}

/** The composition root. */
export function createContainer(environment: Environment, context: BrowserContext): Container {
  const container = new Container();
  container.load(...consoleModules(environment, context));
  providePageModules(container);
  return container;
}
