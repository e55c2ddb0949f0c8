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
import { createWorkbox } from '../../infrastructure/serviceWorker/createWorkbox';
import { ServiceWorkerMessageListener } from '../../infrastructure/serviceWorker/ServiceWorkerMessageListener';
import { ServiceWorkerRegistrar } from '../../infrastructure/serviceWorker/ServiceWorkerRegistrar';
import { WorkboxUpdateNotifier } from '../../infrastructure/serviceWorker/WorkboxUpdateNotifier';

/**
 * The installable console: service worker registration, the update prompt, web push and the
 * service worker's messages. A development build has no service worker: `productionBuild`
 * false leaves the workbox out, so nothing registers, and push calls fail with 5601.
 */
export function installableModule(win: Window & typeof globalThis, productionBuild: boolean): ContainerModule {
  return new ContainerModule(({ bind }) => {
    const workbox = createWorkbox(win, productionBuild);
    bind(ServiceWorkerRegistrar)
      .toResolvedValue(
        (stability: AppStability, timers: Timers) =>
          new ServiceWorkerRegistrar({
            workbox,
            strategy: DEFAULT_REGISTRATION_STRATEGY,
            whenStable: () => stability.whenStable(),
            timers,
            log: (error) => console.error(error),
            tell: (line) => console.info(line),
          }),
        [AppStability, Timers],
      )
      .inSingletonScope();
    bind(UpdateNotifier)
      .toResolvedValue(
        (notifier: Notifier) => new WorkboxUpdateNotifier(workbox, notifier, () => win.location.reload(), workbox ? win.navigator.serviceWorker : null),
        [Notifier],
      )
      .inSingletonScope();
    bind(PushService)
      .toResolvedValue(
        (http: HttpClient, blockedHint: BlockedNotificationsHint, registrar: ServiceWorkerRegistrar) =>
          new WebPushService(pushBrowserOf(win, productionBuild, registrar.unavailable), http, () => blockedHint.tell()),
        [HttpClient, BlockedNotificationsHint, ServiceWorkerRegistrar],
      )
      .inSingletonScope();
    bind(ServiceWorkerMessageListener)
      .toResolvedValue(
        (notifier: Notifier, navigator: Navigator) =>
          new ServiceWorkerMessageListener(workbox ? win.navigator.serviceWorker : null, notifier, navigator),
        [Notifier, Navigator],
      )
      .inSingletonScope();
  });
}
