import { ContainerModule } from 'inversify';
import { ConsoleContribution, disposedWithConsole, startedWithConsole } from '../ConsoleContribution';
import { AppStability } from '../../domain/lifecycle/AppStability';
import { LiveOrderUpdates } from '../../domain/lifecycle/LiveOrderUpdates';
import { SessionLifecycle } from '../../domain/lifecycle/SessionLifecycle';
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
import { ScreenWidth } from '../../domain/ports/ScreenWidth';
import { StatePersistence } from '../../domain/ports/StatePersistence';
import { SystemColorScheme } from '../../domain/ports/SystemColorScheme';
import { ThemeService } from '../../domain/ports/ThemeService';
import { Timers } from '../../domain/ports/Timers';
import { AppearanceStore } from '../../domain/stores/AppearanceStore';
import { AuthStore } from '../../domain/stores/AuthStore';
import { LiveChangeAnnouncer } from '../../domain/stores/LiveChangeAnnouncer';
import { BlockedNotificationsHint } from '../../domain/stores/BlockedNotificationsHint';
import { ObservableSessionStore } from '../../domain/stores/ObservableSessionStore';
import { OrderDetailStore } from '../../domain/stores/OrderDetailStore';
import { OrderColumnsStore } from '../../domain/stores/OrderColumnsStore';
import { OrdersFilterStore } from '../../domain/stores/OrdersFilterStore';
import { OrdersListStore } from '../../domain/stores/OrdersListStore';
import { PreferencesStore } from '../../domain/stores/PreferencesStore';
import { UnsavedEditsStore } from '../../domain/stores/UnsavedEditsStore';
import { NewOrderStore } from '../../domain/stores/NewOrderStore';
import { OrderSelectionStore } from '../../domain/stores/OrderSelectionStore';
import { UnsavedNewOrderStore } from '../../domain/stores/UnsavedNewOrderStore';
import { UnsavedNewOrders } from '../../domain/ports/UnsavedNewOrders';
import { HttpAuthApi } from '../../infrastructure/api/HttpAuthApi';
import { HttpOrdersApi } from '../../infrastructure/api/HttpOrdersApi';
import { randomId } from '../../infrastructure/ids/randomId';

/** What every environment has: the domain stores, the lifecycle, and the API ports over the HttpClient. */
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
  bind(NewOrderStore)
    .toResolvedValue(
      (api: OrdersApi, notifier: Notifier, session: SessionStore) => new NewOrderStore(api, notifier, () => session.language, randomId),
      [OrdersApi, Notifier, SessionStore],
    )
    .inSingletonScope();
  bind(OrderSelectionStore)
    .toResolvedValue((api: OrdersApi, list: OrdersListStore, notifier: Notifier) => new OrderSelectionStore(api, list, notifier), [OrdersApi, OrdersListStore, Notifier])
    .inSingletonScope();
  bind(OrdersFilterStore)
    .toResolvedValue((clock: Clock, persistence: StatePersistence) => new OrdersFilterStore(clock, persistence), [Clock, StatePersistence])
    .inSingletonScope();
  bind(OrderColumnsStore)
    .toResolvedValue((persistence: StatePersistence, screen: ScreenWidth) => new OrderColumnsStore(persistence, screen), [StatePersistence, ScreenWidth])
    .inSingletonScope();
  bind(OrdersListStore)
    .toResolvedValue((api: OrdersApi, filter: OrdersFilterStore) => new OrdersListStore(api, filter), [OrdersApi, OrdersFilterStore])
    .inSingletonScope();
  bind(OrderDetailStore)
    .toResolvedValue(
      (api: OrdersApi, list: OrdersListStore, notifier: Notifier) => new OrderDetailStore(api, list, notifier),
      [OrdersApi, OrdersListStore, Notifier],
    )
    .inSingletonScope();
  bind(UnsavedEditsStore)
    .toResolvedValue(
      (session: SessionStore, detail: OrderDetailStore, edits: UnsavedEdits, clock: Clock, navigator: Navigator, notifier: Notifier) =>
        new UnsavedEditsStore(session, detail, edits, clock, navigator, notifier),
      [SessionStore, OrderDetailStore, UnsavedEdits, Clock, Navigator, Notifier],
    )
    .inSingletonScope();
  bind(UnsavedNewOrderStore)
    .toResolvedValue(
      (session: SessionStore, dialog: NewOrderStore, kept: UnsavedNewOrders, clock: Clock) => new UnsavedNewOrderStore(session, dialog, kept, clock),
      [SessionStore, NewOrderStore, UnsavedNewOrders, Clock],
    )
    .inSingletonScope();
  bind(SessionLifecycle)
    .toResolvedValue(
      (
        session: SessionStore,
        auth: AuthApi,
        locale: LocaleService,
        events: EventStream,
        theme: ThemeService,
        push: PushService,
        persistence: StatePersistence,
        http: HttpClient,
        navigator: Navigator,
        notifier: Notifier,
        timers: Timers,
        clock: Clock,
        activity: UserActivity,
        lock: TabLock,
        detail: OrderDetailStore,
        unsavedEdits: UnsavedEditsStore,
        authStore: AuthStore,
        newOrder: NewOrderStore,
        unsavedNewOrder: UnsavedNewOrderStore,
      ) =>
        new SessionLifecycle({
          session,
          auth,
          activity,
          lock,
          locale,
          events,
          theme,
          push,
          persistence,
          unauthorized: [http, events],
          forbidden: http,
          navigator,
          notifier,
          timers,
          clock,
          detail,
          unsavedEdits,
          newOrder,
          unsavedNewOrder,
          logouts: authStore,
        }),
      [
        SessionStore,
        AuthApi,
        LocaleService,
        EventStream,
        ThemeService,
        PushService,
        StatePersistence,
        HttpClient,
        Navigator,
        Notifier,
        Timers,
        Clock,
        UserActivity,
        TabLock,
        OrderDetailStore,
        UnsavedEditsStore,
        AuthStore,
        NewOrderStore,
        UnsavedNewOrderStore,
      ],
    )
    .inSingletonScope();
  bind(LiveOrderUpdates)
    .toResolvedValue(
      (events: EventStream, scheduler: FrameScheduler, timers: Timers, list: OrdersListStore, detail: OrderDetailStore, announcer: LiveChangeAnnouncer) =>
        new LiveOrderUpdates(events, scheduler, timers, list, detail, announcer),
      [EventStream, FrameScheduler, Timers, OrdersListStore, OrderDetailStore, LiveChangeAnnouncer],
    )
    .inSingletonScope();
  bind(LiveChangeAnnouncer)
    .toResolvedValue((timers: Timers, clock: Clock, list: OrdersListStore) => new LiveChangeAnnouncer(timers, clock, () => list.query), [Timers, Clock, OrdersListStore])
    .inSingletonScope();

  // What starts and stops with the console, in this order (stopped in reverse): the stores that keep
  // state in the browser, the theme (drawn before the first render, from the restored choice), the keeping of unsaved edits, the live updates (listening before the stream
  // opens), then the session's lifecycle, which opens the stream of a restored session.
  bind(ConsoleContribution).toResolvedValue((session: SessionStore) => disposedWithConsole(session), [SessionStore]).inSingletonScope();
  bind(ConsoleContribution).toResolvedValue((appearance: AppearanceStore) => startedWithConsole(appearance), [AppearanceStore]).inSingletonScope();
  bind(ConsoleContribution).toResolvedValue((filter: OrdersFilterStore) => disposedWithConsole(filter), [OrdersFilterStore]).inSingletonScope();
  // The grid's columns are read back before the first render (the read is synchronous storage behind a promise).
  bind(ConsoleContribution).toResolvedValue((columns: OrderColumnsStore) => startedWithConsole(columns), [OrderColumnsStore]).inSingletonScope();
  bind(ConsoleContribution).toResolvedValue((list: OrdersListStore) => disposedWithConsole(list), [OrdersListStore]).inSingletonScope();
  bind(ConsoleContribution).toResolvedValue((selection: OrderSelectionStore) => disposedWithConsole(selection), [OrderSelectionStore]).inSingletonScope();
  bind(ConsoleContribution).toResolvedValue((edits: UnsavedEditsStore) => startedWithConsole(edits), [UnsavedEditsStore]).inSingletonScope();
  bind(ConsoleContribution).toResolvedValue((kept: UnsavedNewOrderStore) => startedWithConsole(kept), [UnsavedNewOrderStore]).inSingletonScope();
  bind(ConsoleContribution).toResolvedValue((live: LiveOrderUpdates) => startedWithConsole(live), [LiveOrderUpdates]).inSingletonScope();
  bind(ConsoleContribution).toResolvedValue((announcer: LiveChangeAnnouncer) => disposedWithConsole(announcer), [LiveChangeAnnouncer]).inSingletonScope();
  bind(ConsoleContribution).toResolvedValue((lifecycle: SessionLifecycle) => startedWithConsole(lifecycle), [SessionLifecycle]).inSingletonScope();
});
