import type { i18n } from 'i18next';
import { ContainerModule } from 'inversify';
import { AppStability } from '../../domain/lifecycle/AppStability';
import type { RuntimeConfig } from '../../../shared/RuntimeConfig';
import { Clock } from '../../domain/ports/Clock';
import { HttpClient } from '../../domain/ports/HttpClient';
import { LocaleService } from '../../domain/ports/LocaleService';
import { Navigator } from '../../domain/ports/Navigator';
import { Notifier } from '../../domain/ports/Notifier';
import { EventStream } from '../../domain/ports/EventStream';
import { FrameScheduler } from '../../domain/ports/FrameScheduler';
import { OrdersExport } from '../../domain/ports/OrdersExport';
import { SessionStore } from '../../domain/ports/SessionStore';
import { StatePersistence } from '../../domain/ports/StatePersistence';
import { PrintDialog } from '../../domain/ports/PrintDialog';
import { SystemColorScheme } from '../../domain/ports/SystemColorScheme';
import { ThemeService } from '../../domain/ports/ThemeService';
import { Timers } from '../../domain/ports/Timers';
import { TabLock } from '../../domain/ports/TabLock';
import { UnsavedEdits } from '../../domain/ports/UnsavedEdits';
import { UnsavedNewOrders } from '../../domain/ports/UnsavedNewOrders';
import { ScreenWidth } from '../../domain/ports/ScreenWidth';
import { UserActivity } from '../../domain/ports/UserActivity';
import { WebTabLock } from '../../infrastructure/locks/WebTabLock';
import { DomUserActivity } from '../../infrastructure/activity/DomUserActivity';
import { SystemClock } from '../../infrastructure/clock/SystemClock';
import { LazyEventStream } from '../../infrastructure/events/LazyEventStream';
import { BrowserOrdersExport } from '../../infrastructure/export/BrowserOrdersExport';
import { AxiosHttpClient } from '../../infrastructure/http/AxiosHttpClient';
import { I18nextLocaleService } from '../../infrastructure/i18n/I18nextLocaleService';
import { type NavigableRouter, RouterNavigator } from '../../infrastructure/navigation/RouterNavigator';
import { BlueprintNotifier } from '../../infrastructure/notifier/BlueprintNotifier';
import { MobxStatePersistence, STATE_KEY } from '../../infrastructure/persistence/MobxStatePersistence';
import { SlicedStorage } from '../../infrastructure/persistence/SlicedStorage';
import { LocalStorageUnsavedEdits } from '../../infrastructure/persistence/LocalStorageUnsavedEdits';
import { LocalStorageUnsavedNewOrders } from '../../infrastructure/persistence/LocalStorageUnsavedNewOrders';
import { AnimationFrameScheduler } from '../../infrastructure/scheduling/AnimationFrameScheduler';
import { WindowTimers } from '../../infrastructure/scheduling/WindowTimers';
import { WindowPrintDialog } from '../../infrastructure/print/WindowPrintDialog';
import { MatchMediaScreenWidth } from '../../infrastructure/screen/MatchMediaScreenWidth';
import { DomThemeService } from '../../infrastructure/theme/DomThemeService';
import { MatchMediaColorScheme } from '../../infrastructure/theme/MatchMediaColorScheme';
import { ConsoleContribution, disposedWithConsole } from '../ConsoleContribution';

/** What the console needs from the page it runs in. */
export interface BrowserContext {
  config: RuntimeConfig;
  router: NavigableRouter;
  i18n: i18n;
  window: Window & typeof globalThis;
}

/** The implementations that run in a browser, whatever the environment. */
export function browserModule(context: BrowserContext): ContainerModule {
  return new ContainerModule(({ bind }) => {
    const clock = new SystemClock();
    bind(Clock).toConstantValue(clock);
    const persistence = new MobxStatePersistence(new SlicedStorage(context.window.localStorage, STATE_KEY), context.window);
    bind(StatePersistence).toConstantValue(persistence);
    bind(UnsavedEdits).toConstantValue(new LocalStorageUnsavedEdits(context.window.localStorage));
    bind(UnsavedNewOrders).toConstantValue(new LocalStorageUnsavedNewOrders(context.window.localStorage));
    bind(Timers).toConstantValue(new WindowTimers(context.window));
    const activity = new DomUserActivity(context.window, clock, context.config.sessionIdleMinutes * 60_000);
    bind(UserActivity).toConstantValue(activity);
    bind(TabLock).toConstantValue(new WebTabLock(context.window.navigator));
    bind(ConsoleContribution).toConstantValue(disposedWithConsole(activity));
    bind(FrameScheduler).toConstantValue(new AnimationFrameScheduler(context.window));
    bind(ThemeService).toConstantValue(new DomThemeService(context.window.document));
    const screenWidth = new MatchMediaScreenWidth(context.window);
    bind(ScreenWidth).toConstantValue(screenWidth);
    bind(ConsoleContribution).toConstantValue(disposedWithConsole(screenWidth));
    bind(SystemColorScheme).toConstantValue(new MatchMediaColorScheme(context.window));
    bind(PrintDialog).toConstantValue(new WindowPrintDialog(context.window));
    // The stream's code comes when a session first opens it (the `live` chunk): the login page does not carry it.
    bind(LazyEventStream)
      .toResolvedValue(
        (session: SessionStore, timers: Timers, clock: Clock) =>
          new LazyEventStream(() =>
            import(/* webpackChunkName: "live" */ '../../infrastructure/events/FetchEventStream').then(
              ({ FetchEventStream }) =>
                new FetchEventStream({ url: `${context.config.apiBase}/events`, language: () => session.language, window: context.window, timers, clock }),
            ),
          ),
        [SessionStore, Timers, Clock],
      )
      .inSingletonScope();
    bind(EventStream).toService(LazyEventStream);
    bind(AxiosHttpClient)
      .toResolvedValue(
        (session: SessionStore, activity: AppStability) =>
          new AxiosHttpClient(session, { baseURL: context.config.apiBase, window: context.window, activity }),
        [SessionStore, AppStability],
      )
      .inSingletonScope();
    bind(HttpClient).toService(AxiosHttpClient);
    bind(OrdersExport)
      .toResolvedValue((http: HttpClient) => new BrowserOrdersExport(http, context.window), [HttpClient])
      .inSingletonScope();
    bind(Navigator).toConstantValue(new RouterNavigator(context.router));
    bind(LocaleService).toConstantValue(new I18nextLocaleService(context.i18n, context.window.document));
    bind(Notifier)
      .toResolvedValue(
        () =>
          new BlueprintNotifier(
            // With the first toast: the `overlays` chunk (none before; see BlueprintNotifier).
            () => import('../../infrastructure/notifier/createToaster').then((m) => m.createToaster()),
            (key, values) => context.i18n.t(key, values),
          ),
      )
      .inSingletonScope();

    // Stopped with the console, after everything that uses them (contributions stop in reverse order).
    bind(ConsoleContribution).toConstantValue(disposedWithConsole(persistence));
    bind(ConsoleContribution).toResolvedValue((stream: LazyEventStream) => disposedWithConsole(stream), [LazyEventStream]).inSingletonScope();
    bind(ConsoleContribution).toResolvedValue((http: AxiosHttpClient) => disposedWithConsole(http), [AxiosHttpClient]).inSingletonScope();
  });
}
