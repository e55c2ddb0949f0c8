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

/** A container module a chunk brings, and what to resolve to start it (`start`). */
interface LoadedModule {
  module: ContainerModule;
  start?: symbol;
}

/**
 * Loads the modules `importModules` brings into `container` once, in order, then resolves what each
 * names to start with it (`start`); a module several pages' chunks bring (`shared`, one per
 * container) is loaded by the first of them only. A failed import is forgotten, so the next call
 * tries again.
 */
function loadedOnce(container: Container, shared: Map<ContainerModule, Promise<void>>, importModules: () => Promise<LoadedModule[]>): () => Promise<void> {
  let loaded: Promise<void> | null = null;
  const load = async ({ module, start }: LoadedModule) => {
    await container.load(module);
    if (start) {
      container.get(start);
    }
  };
  return () =>
    (loaded ??= importModules().then(
      async (modules) => {
        for (const entry of modules) {
          let done = shared.get(entry.module);
          if (!done) {
            done = load(entry);
            shared.set(entry.module, done);
          }
          await done;
        }
      },
      (error: unknown) => {
        loaded = null;
        throw error;
      },
    ));
}

/**
 * The services only some pages use, each in that page's chunk (the chunk name joins them): loaded into
 * `container` when the page's module is imported (`routeModules`), so the first screen does not carry them.
 * The marks of orders (`orderMarksModule`) come with the list's chunk and the board's, whichever is first.
 */
export function providePageModules(container: Container): void {
  const shared = new Map<ContainerModule, Promise<void>>();
  providePageServices(
    'orders',
    loadedOnce(container, shared, () =>
      import(/* webpackChunkName: "orders" */ './modules/ordersPageModule').then((m) => [
        { module: m.orderMarksModule, start: m.OrderMarksStart },
        { module: m.ordersPageModule, start: m.OrdersPageStart },
      ]),
    ),
  );
  providePageServices(
    'planning',
    loadedOnce(container, shared, () =>
      import(/* webpackChunkName: "planning" */ './modules/planningPageModule').then((m) => [
        { module: m.orderMarksModule, start: m.OrderMarksStart },
        { module: m.planningPageModule, start: m.PlanningPageStart },
      ]),
    ),
  );
  providePageServices('settings', loadedOnce(container, shared, () => import(/* webpackChunkName: "settings" */ './modules/settingsPageModule').then((m) => [{ module: m.settingsPageModule }])));
  providePageServices('users', loadedOnce(container, shared, () => import(/* webpackChunkName: "users" */ './modules/usersPageModule').then((m) => [{ module: m.usersPageModule }])));
}

/** The composition root. */
export function createContainer(environment: Environment, context: BrowserContext): Container {
  const container = new Container();
  container.load(...consoleModules(environment, context));
  providePageModules(container);
  return container;
}
