import { ContainerModule } from 'inversify';
import { AppStability } from '../../domain/lifecycle/AppStability';
import { DEFAULT_REGISTRATION_STRATEGY } from '../../domain/model/registrationStrategy';
import { HttpClient } from '../../domain/ports/HttpClient';
import { Navigator } from '../../domain/ports/Navigator';
import { Notifier } from '../../domain/ports/Notifier';
import { PushService } from '../../domain/ports/PushService';
import { Timers } from '../../domain/ports/Timers';
import { UpdateNotifier } from '../../domain/ports/UpdateNotifier';
import { BlockedNotificationsHint } from '../../domain/stores/BlockedNotificationsHint';
import { pushBrowserOf, WebPushService } from '../../infrastructure/push/WebPushService';
import type { LazyWorkbox } from '../../infrastructure/serviceWorker/LazyWorkbox';
import { ServiceWorkerMessageListener } from '../../infrastructure/serviceWorker/ServiceWorkerMessageListener';
import { ServiceWorkerRegistrar } from '../../infrastructure/serviceWorker/ServiceWorkerRegistrar';
import { WorkboxUpdateNotifier } from '../../infrastructure/serviceWorker/WorkboxUpdateNotifier';
import { ConsoleContribution, startedWithConsole } from '../ConsoleContribution';
import { ServiceWorkerHost } from './ServiceWorkerHost';

/**
 * The installable console: service worker registration, the update prompt, web push and the
 * service worker's messages, over the environment's `ServiceWorkerHost`. Without one (a development
 * build, a browser without service workers) nothing registers, and push calls fail with 5601.
 * The messages are listened to from the start (the browser holds them only until the page has
 * loaded); registration (and with it the precaching of the shell, and web push, which waits for it)
 * and the update prompt start once the first screen is done.
 */
export function installableModule(win: Window & typeof globalThis): ContainerModule {
  /** The page's service workers, where the console has a host for its own. */
  const serviceWorkersOf = (workbox: LazyWorkbox | null) => (workbox ? win.navigator.serviceWorker : null);
  return new ContainerModule(({ bind }) => {
    bind(ServiceWorkerRegistrar)
      .toResolvedValue(
        (workbox: LazyWorkbox | null, stability: AppStability, timers: Timers) =>
          new ServiceWorkerRegistrar({
            workbox,
            strategy: DEFAULT_REGISTRATION_STRATEGY,
            whenStable: () => stability.whenStable(),
            timers,
            log: (error) => console.error(error),
            tell: (line) => console.info(line),
          }),
        [ServiceWorkerHost, AppStability, Timers],
      )
      .inSingletonScope();
    bind(UpdateNotifier)
      .toResolvedValue(
        (workbox: LazyWorkbox | null, notifier: Notifier) =>
          new WorkboxUpdateNotifier(workbox, notifier, () => win.location.reload(), serviceWorkersOf(workbox)),
        [ServiceWorkerHost, Notifier],
      )
      .inSingletonScope();
    bind(PushService)
      .toResolvedValue(
        (workbox: LazyWorkbox | null, http: HttpClient, blockedHint: BlockedNotificationsHint, registrar: ServiceWorkerRegistrar) =>
          new WebPushService(pushBrowserOf(win, serviceWorkersOf(workbox), registrar.unavailable), http, () => blockedHint.tell()),
        [ServiceWorkerHost, HttpClient, BlockedNotificationsHint, ServiceWorkerRegistrar],
      )
      .inSingletonScope();
    bind(ServiceWorkerMessageListener)
      .toResolvedValue(
        (workbox: LazyWorkbox | null, notifier: Notifier, navigator: Navigator) =>
          new ServiceWorkerMessageListener(serviceWorkersOf(workbox), notifier, navigator),
        [ServiceWorkerHost, Notifier, Navigator],
      )
      .inSingletonScope();

    bind(ConsoleContribution)
      .toResolvedValue((listener: ServiceWorkerMessageListener) => startedWithConsole(listener), [ServiceWorkerMessageListener])
      .inSingletonScope();
    bind(ConsoleContribution).toDynamicValue(
      ({ get }): ConsoleContribution => ({
        onFirstScreenDone: () => {
          get<UpdateNotifier>(UpdateNotifier).start();
          void get(ServiceWorkerRegistrar).start();
        },
      }),
    );
  });
}
