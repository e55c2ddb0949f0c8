import { ContainerModule } from 'inversify';
import { ConsoleContribution, disposedWithConsole, startedWithConsole } from '../ConsoleContribution';
import { byName } from './byName';
import { AppStability } from '../../domain/lifecycle/AppStability';
import { LiveOrderUpdates } from '../../domain/lifecycle/LiveOrderUpdates';
import { SessionEndWarning, type SessionEndWarningDeps } from '../../domain/lifecycle/SessionEndWarning';
import { SessionExpiry, type SessionExpiryDeps } from '../../domain/lifecycle/SessionExpiry';
import { SessionLifecycle, type SessionLifecycleDeps } from '../../domain/lifecycle/SessionLifecycle';
import { SessionRenewal, type SessionRenewalDeps } from '../../domain/lifecycle/SessionRenewal';
import { SessionWorkRelay } from '../../domain/lifecycle/SessionWorkRelay';
import { AuthApi } from '../../domain/ports/AuthApi';
import { Clock } from '../../domain/ports/Clock';
import { TabLock } from '../../domain/ports/TabLock';
import { UnsavedEdits } from '../../domain/ports/UnsavedEdits';
import { UserActivity } from '../../domain/ports/UserActivity';
import { EventStream } from '../../domain/ports/EventStream';
import { FrameScheduler } from '../../domain/ports/FrameScheduler';
import { HttpClient } from '../../domain/ports/HttpClient';
import { LocaleService } from '../../domain/ports/LocaleService';
import { Navigator } from '../../domain/ports/Navigator';
import { Notifier } from '../../domain/ports/Notifier';
import { OrdersApi } from '../../domain/ports/OrdersApi';
import { PushService } from '../../domain/ports/PushService';
import { SessionStore } from '../../domain/ports/SessionStore';
import { StatePersistence } from '../../domain/ports/StatePersistence';
import { SystemColorScheme } from '../../domain/ports/SystemColorScheme';
import { ThemeService } from '../../domain/ports/ThemeService';
import { Timers } from '../../domain/ports/Timers';
import { AppearanceStore } from '../../domain/stores/AppearanceStore';
import { AuthStore } from '../../domain/stores/AuthStore';
import { BlockedNotificationsHint } from '../../domain/stores/BlockedNotificationsHint';
import { ObservableSessionStore } from '../../domain/stores/ObservableSessionStore';
import { OrdersFilterStore } from '../../domain/stores/OrdersFilterStore';
import { OrdersListStore } from '../../domain/stores/OrdersListStore';
import { PreferencesStore } from '../../domain/stores/PreferencesStore';
import { UnsavedNewOrders } from '../../domain/ports/UnsavedNewOrders';
import { HttpAuthApi } from '../../infrastructure/api/HttpAuthApi';
import { HttpOrdersApi } from '../../infrastructure/api/HttpOrdersApi';

/**
 * What every environment has: the session's and the first screen's stores (the list, its filter, its
 * live updates), the lifecycle, and the API ports over the HttpClient. What only the orders page
 * works with comes with its chunk (`ordersPageModule`).
 */
export const coreModule = new ContainerModule(({ bind }) => {
  bind(AppStability)
    .toResolvedValue((timers: Timers) => new AppStability(timers), [Timers])
    .inSingletonScope();
  bind(SessionStore)
    .toResolvedValue((clock: Clock, persistence: StatePersistence) => new ObservableSessionStore(clock, persistence), [Clock, StatePersistence])
    .inSingletonScope();
  bind(AuthApi)
    .toResolvedValue((http: HttpClient) => new HttpAuthApi(http), [HttpClient])
    .inSingletonScope();
  bind(OrdersApi)
    .toResolvedValue((http: HttpClient) => new HttpOrdersApi(http), [HttpClient])
    .inSingletonScope();
  bind(AuthStore)
    .toResolvedValue(
      (api: AuthApi, session: SessionStore, navigator: Navigator, notifier: Notifier) => new AuthStore(api, session, navigator, notifier),
      [AuthApi, SessionStore, Navigator, Notifier],
    )
    .inSingletonScope();
  bind(PreferencesStore)
    .toResolvedValue(
      (session: SessionStore, api: AuthApi, notifier: Notifier) => new PreferencesStore(session, api, notifier),
      [SessionStore, AuthApi, Notifier],
    )
    .inSingletonScope();
  bind(AppearanceStore)
    .toResolvedValue(
      (session: SessionStore, system: SystemColorScheme, theme: ThemeService) => new AppearanceStore(session, system, theme),
      [SessionStore, SystemColorScheme, ThemeService],
    )
    .inSingletonScope();
  bind(BlockedNotificationsHint)
    .toResolvedValue(
      (session: SessionStore, notifier: Notifier, persistence: StatePersistence) => new BlockedNotificationsHint(session, notifier, persistence),
      [SessionStore, Notifier, StatePersistence],
    )
    .inSingletonScope();
  bind(OrdersFilterStore)
    .toResolvedValue((clock: Clock, persistence: StatePersistence) => new OrdersFilterStore(clock, persistence), [Clock, StatePersistence])
    .inSingletonScope();
  bind(OrdersListStore)
    .toResolvedValue((api: OrdersApi, filter: OrdersFilterStore) => new OrdersListStore(api, filter), [OrdersApi, OrdersFilterStore])
    .inSingletonScope();
  // The orders page's work (its open order, new order and kept edits) joins when its chunk arrives (ordersPageModule).
  bind(SessionWorkRelay)
    .toResolvedValue(
      (edits: UnsavedEdits, newOrders: UnsavedNewOrders) =>
        new SessionWorkRelay([edits, { forget: (userId) => newOrders.remove(userId), forgetOthers: (userId) => newOrders.forgetOthers(userId) }]),
      [UnsavedEdits, UnsavedNewOrders],
    )
    .inSingletonScope();
  // The session's life, by its parts: the renewal of its token, the warning before its end, its end at a 401.
  bind(SessionRenewal)
    .toResolvedValue(
      ...byName(
        { session: SessionStore, auth: AuthApi, activity: UserActivity, lock: TabLock, timers: Timers, clock: Clock },
        (deps: SessionRenewalDeps) => new SessionRenewal(deps),
      ),
    )
    .inSingletonScope();
  bind(SessionEndWarning)
    .toResolvedValue(
      ...byName(
        { session: SessionStore, renewal: SessionRenewal, notifier: Notifier, timers: Timers, clock: Clock },
        (deps: SessionEndWarningDeps) => new SessionEndWarning(deps),
      ),
    )
    .inSingletonScope();
  bind(SessionExpiry)
    .toResolvedValue(
      ...byName(
        { session: SessionStore, http: HttpClient, events: EventStream, lock: TabLock, navigator: Navigator, notifier: Notifier, timers: Timers },
        // Every transport whose 401 ends the session: the HTTP client and the live stream.
        ({ http, events, ...deps }: Omit<SessionExpiryDeps, 'unauthorized'> & { http: HttpClient; events: EventStream }) =>
          new SessionExpiry({ ...deps, unauthorized: [http, events] }),
      ),
    )
    .inSingletonScope();
  bind(SessionLifecycle)
    .toResolvedValue(
      ...byName(
        {
          session: SessionStore,
          auth: AuthApi,
          locale: LocaleService,
          events: EventStream,
          theme: ThemeService,
          push: PushService,
          persistence: StatePersistence,
          forbidden: HttpClient,
          timers: Timers,
          work: SessionWorkRelay,
          logouts: AuthStore,
          endWarning: SessionEndWarning,
          renewal: SessionRenewal,
          expiry: SessionExpiry,
        },
        (deps: SessionLifecycleDeps) => new SessionLifecycle(deps),
      ),
    )
    .inSingletonScope();
  bind(LiveOrderUpdates)
    .toResolvedValue(
      (events: EventStream, scheduler: FrameScheduler, timers: Timers, list: OrdersListStore) => new LiveOrderUpdates(events, scheduler, timers, list),
      [EventStream, FrameScheduler, Timers, OrdersListStore],
    )
    .inSingletonScope();

  // What starts and stops with the console, in this order (stopped in reverse): the stores that keep
  // state in the browser, the theme (drawn before the first render, from the restored choice), the
  // live updates (listening before the stream opens), then the session's lifecycle, which opens the
  // stream of a restored session. The orders page's stores start when its chunk arrives (ordersPageModule).
  bind(ConsoleContribution).toResolvedValue((session: SessionStore) => disposedWithConsole(session), [SessionStore]).inSingletonScope();
  bind(ConsoleContribution).toResolvedValue((appearance: AppearanceStore) => startedWithConsole(appearance), [AppearanceStore]).inSingletonScope();
  bind(ConsoleContribution).toResolvedValue((filter: OrdersFilterStore) => disposedWithConsole(filter), [OrdersFilterStore]).inSingletonScope();
  bind(ConsoleContribution).toResolvedValue((list: OrdersListStore) => disposedWithConsole(list), [OrdersListStore]).inSingletonScope();
  bind(ConsoleContribution).toResolvedValue((live: LiveOrderUpdates) => startedWithConsole(live), [LiveOrderUpdates]).inSingletonScope();
  bind(ConsoleContribution).toResolvedValue((lifecycle: SessionLifecycle) => startedWithConsole(lifecycle), [SessionLifecycle]).inSingletonScope();
});
