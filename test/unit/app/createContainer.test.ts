import { Container, ContainerModule, type ServiceIdentifier } from 'inversify';
import { ConsoleContribution, ConsoleContributions } from '../../../src/app/ConsoleContribution';
import { consoleModules, providePageModules } from '../../../src/app/createContainer';
import { orderMarksModule } from '../../../src/app/modules/orderMarksModule';
import { ordersPageModule } from '../../../src/app/modules/ordersPageModule';
import { planningPageModule } from '../../../src/app/modules/planningPageModule';
import { settingsPageModule } from '../../../src/app/modules/settingsPageModule';
import { usersPageModule } from '../../../src/app/modules/usersPageModule';
import { DoubleBookingsStore } from '../../../src/domain/stores/DoubleBookingsStore';
import { OrderChangeAuthors } from '../../../src/domain/stores/OrderChangeAuthors';
import { PlanningBoardStore } from '../../../src/domain/stores/PlanningBoardStore';
import { SavedViewsStore } from '../../../src/domain/stores/SavedViewsStore';
import { UsersStore } from '../../../src/domain/stores/UsersStore';
import { pageServices } from '../../../src/ui/routing/pageServices';
import { ServiceWorkerHost } from '../../../src/app/modules/ServiceWorkerHost';
import type { Environment } from '../../../src/domain/model/Environment';
import { Telemetry } from '../../../src/domain/ports/Telemetry';
import { createI18n } from '../../../src/infrastructure/i18n/createI18n';
import { LazyWorkbox } from '../../../src/infrastructure/serviceWorker/LazyWorkbox';
import { LazyTelemetry } from '../../../src/infrastructure/telemetry/LazyTelemetry';
import { NoopTelemetry } from '../../../src/infrastructure/telemetry/NoopTelemetry';
import { resources } from '../../../src/ui/locales/resources';
import { createConsoleRouter } from '../../../src/ui/routing/consoleRouter';
import type { RuntimeConfig } from '../../../shared/RuntimeConfig';

const config: RuntimeConfig = { release: '2026.11.0', productionHost: 'cockpit.example.com', apiBase: '/api', telemetryBase: '', vapidPublicKey: 'key', sessionIdleMinutes: 30 };

/** The console's container for `environment`, as `createContainer` builds it, with every service identifier its modules bind. */
function consoleContainer(environment: Environment, pages = true) {
  const bound = new Set<ServiceIdentifier>();
  const container = new Container();
  const router = createConsoleRouter(window);
  // The pages' modules as their chunks bring them.
  const recording = [...consoleModules(environment, { config, router, i18n: createI18n(resources), window }), ...(pages ? [orderMarksModule, ordersPageModule, planningPageModule, settingsPageModule, usersPageModule] : [])].map(
    (module) =>
      new ContainerModule((options) =>
        module.load({
          ...options,
          bind: (identifier) => {
            bound.add(identifier);
            return options.bind(identifier);
          },
        }),
      ),
  );
  container.load(...recording);
  return { container, bound, dispose: () => router.dispose() };
}

/** jsdom, like a browser with service workers disabled, has no `navigator.serviceWorker`; lend it one. */
function withServiceWorkers<T>(work: () => T): T {
  Object.defineProperty(window.navigator, 'serviceWorker', { value: new EventTarget(), configurable: true });
  try {
    return work();
  } finally {
    delete (window.navigator as { serviceWorker?: unknown }).serviceWorker;
  }
}

describe('the console container', () => {
  it.each(['production', 'test', 'development'] as const)('%s: every binding resolves', (environment) => {
    const { container, bound, dispose } = withServiceWorkers(() => consoleContainer(environment));
    expect(bound.size).toBeGreaterThan(30);
    for (const identifier of bound) {
      const values = container.getAll(identifier);
      expect(values.length).toBeGreaterThan(0);
      for (const value of values) {
        // Only the service worker host may be nothing (a development build has none).
        if (identifier !== ServiceWorkerHost) {
          expect(value).toBeDefined();
          expect(value).not.toBeNull();
        }
      }
    }
    new ConsoleContributions(container).dispose();
    dispose();
  });

  it('a deployed console has workbox and telemetry that waits for OpenTelemetry; a development build neither', () => {
    const deployed = withServiceWorkers(() => consoleContainer('production'));
    expect(deployed.container.get(ServiceWorkerHost)).toBeInstanceOf(LazyWorkbox);
    expect(deployed.container.get(Telemetry)).toBeInstanceOf(LazyTelemetry);
    deployed.dispose();
    const development = withServiceWorkers(() => consoleContainer('development'));
    expect(development.container.get(ServiceWorkerHost)).toBeNull();
    expect(development.container.get(Telemetry)).toBeInstanceOf(NoopTelemetry);
    development.dispose();
  });

  it('a deployed console in a browser without service workers has no workbox', () => {
    const deployed = consoleContainer('production');
    expect(deployed.container.get(ServiceWorkerHost)).toBeNull();
    deployed.dispose();
  });
});

describe('the pages\' services', () => {
  it('come into the container with the page, once, whoever asks', async () => {
    const { container: bare, dispose } = withServiceWorkers(() => consoleContainer('test', false));
    expect(bare.isBound(SavedViewsStore)).toBe(false);
    providePageModules(bare);
    await Promise.all([pageServices('orders'), pageServices('orders')]);
    await pageServices('orders');
    expect(bare.get(SavedViewsStore)).toBeInstanceOf(SavedViewsStore);
    expect(bare.isBound(UsersStore)).toBe(false);
    await pageServices('users');
    expect(bare.get(UsersStore)).toBeInstanceOf(UsersStore);
    dispose();
  });

  it('bring the marks the list and the board share with whichever of the two comes first, once: one instance for both', async () => {
    const { container: bare, dispose } = withServiceWorkers(() => consoleContainer('test', false));
    providePageModules(bare);
    await pageServices('planning');
    expect(bare.get(PlanningBoardStore)).toBeInstanceOf(PlanningBoardStore);
    const doubleBookings = bare.get(DoubleBookingsStore);
    const authors = bare.get(OrderChangeAuthors);
    expect(bare.isBound(SavedViewsStore)).toBe(false);
    await pageServices('orders');
    expect(bare.get(SavedViewsStore)).toBeInstanceOf(SavedViewsStore);
    expect(bare.getAll(DoubleBookingsStore)).toEqual([doubleBookings]);
    expect(bare.getAll(OrderChangeAuthors)).toEqual([authors]);
    dispose();
  });
});

describe('ConsoleContributions', () => {
  it('starts in the order of binding, runs the first-screen step once the first screen is done, and disposes in reverse', async () => {
    const calls: string[] = [];
    const container = new Container();
    for (const name of ['a', 'b', 'c']) {
      container.bind(ConsoleContribution).toConstantValue({
        onStart: () => calls.push(`start ${name}`),
        ...(name === 'b' ? { onFirstScreenDone: () => calls.push(`first screen ${name}`) } : {}),
        dispose: () => calls.push(`dispose ${name}`),
      });
    }
    let firstScreenDone!: () => void;
    const firstScreen = new Promise<void>((resolve) => (firstScreenDone = resolve));
    const contributions = new ConsoleContributions(container);
    jest.useFakeTimers();
    try {
      contributions.start(window, firstScreen);
      expect(calls).toEqual(['start a', 'start b', 'start c']);
      await jest.advanceTimersByTimeAsync(5000);
      expect(calls).toHaveLength(3);
      firstScreenDone();
      await jest.advanceTimersByTimeAsync(5000);
      expect(calls.slice(3)).toEqual(['first screen b']);
    } finally {
      jest.useRealTimers();
    }
    contributions.dispose();
    expect(calls.slice(4)).toEqual(['dispose c', 'dispose b', 'dispose a']);
  });
});
