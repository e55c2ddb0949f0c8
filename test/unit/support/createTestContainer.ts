import { Container, ContainerModule } from 'inversify';
import { orderMarksModule } from '../../../src/app/modules/orderMarksModule';
import { ordersPageModule } from '../../../src/app/modules/ordersPageModule';
import { planningPageModule } from '../../../src/app/modules/planningPageModule';
import { settingsPageModule } from '../../../src/app/modules/settingsPageModule';
import { usersPageModule } from '../../../src/app/modules/usersPageModule';
import { coreModule } from '../../../src/app/modules/coreModule';
import { Clock } from '../../../src/domain/ports/Clock';
import { HttpClient } from '../../../src/domain/ports/HttpClient';
import { LocaleService } from '../../../src/domain/ports/LocaleService';
import { Navigator } from '../../../src/domain/ports/Navigator';
import { Notifier } from '../../../src/domain/ports/Notifier';
import { SessionStore } from '../../../src/domain/ports/SessionStore';
import { StatePersistence } from '../../../src/domain/ports/StatePersistence';
import { EventStream } from '../../../src/domain/ports/EventStream';
import { OrdersExport } from '../../../src/domain/ports/OrdersExport';
import { FrameScheduler } from '../../../src/domain/ports/FrameScheduler';
import { PushService } from '../../../src/domain/ports/PushService';
import { SystemColorScheme } from '../../../src/domain/ports/SystemColorScheme';
import { ThemeService } from '../../../src/domain/ports/ThemeService';
import { Timers } from '../../../src/domain/ports/Timers';
import { TabLock } from '../../../src/domain/ports/TabLock';
import { ScreenWidth } from '../../../src/domain/ports/ScreenWidth';
import { UserActivity } from '../../../src/domain/ports/UserActivity';
import { UnsavedEdits } from '../../../src/domain/ports/UnsavedEdits';
import { UnsavedNewOrders } from '../../../src/domain/ports/UnsavedNewOrders';
import { LocalStorageUnsavedNewOrders } from '../../../src/infrastructure/persistence/LocalStorageUnsavedNewOrders';
import { LocalStorageUnsavedEdits } from '../../../src/infrastructure/persistence/LocalStorageUnsavedEdits';
import { AxiosHttpClient } from '../../../src/infrastructure/http/AxiosHttpClient';
import { MobxStatePersistence, STATE_KEY } from '../../../src/infrastructure/persistence/MobxStatePersistence';
import { SlicedStorage } from '../../../src/infrastructure/persistence/SlicedStorage';
import { FakeBackend } from './FakeBackend';
import { FakePrintDialog } from './FakePrintDialog';
import { PrintDialog } from '../../../src/domain/ports/PrintDialog';
import { FakeClock, FakeLocaleService, FakeNavigator, FakeNotifier } from './fakes';
import { FakeEventStream, FakeFrameScheduler, FakePushService, FakeScreenWidth, FakeSystemColorScheme, FakeThemeService, FakeTimers, FakeUserActivity } from './liveFakes';

export interface TestBed {
  container: Container;
  backend: FakeBackend;
  clock: FakeClock;
  navigator: FakeNavigator;
  notifier: FakeNotifier;
  locale: FakeLocaleService;
  storage: Storage;
  events: FakeEventStream;
  timers: FakeTimers;
  frames: FakeFrameScheduler;
  theme: FakeThemeService;
  systemScheme: FakeSystemColorScheme;
  push: FakePushService;
  activity: FakeUserActivity;
  /** The window's width class, wide until the test sets another. */
  screen: FakeScreenWidth;
  printDialog: FakePrintDialog;
}

/**
 * The core module with fakes for everything outside: an in-memory backend as the page's fetch behind
 * the real AxiosHttpClient, a fixed clock, recording navigator, notifier and locale service, a live stream,
 * timers, frames, theme, the system's colour scheme and push the test drives, and the real persistence (the state, the unsaved
 * edits) over the test's localStorage. Rebind what a test needs otherwise.
 */
export function createTestContainer(storage: Storage = window.localStorage): TestBed {
  const backend = new FakeBackend();
  const clock = new FakeClock();
  const navigator = new FakeNavigator();
  const notifier = new FakeNotifier();
  const locale = new FakeLocaleService();
  const events = new FakeEventStream();
  const timers = new FakeTimers();
  const frames = new FakeFrameScheduler();
  const theme = new FakeThemeService();
  const systemScheme = new FakeSystemColorScheme();
  const push = new FakePushService();
  const activity = new FakeUserActivity();
  const screen = new FakeScreenWidth();
  const printDialog = new FakePrintDialog();
  const container = new Container();
  container.load(
    coreModule,
    orderMarksModule,
    ordersPageModule,
    planningPageModule,
    settingsPageModule,
    usersPageModule,
    new ContainerModule(({ bind }) => {
      bind(Clock).toConstantValue(clock);
      bind(Navigator).toConstantValue(navigator);
      bind(Notifier).toConstantValue(notifier);
      bind(LocaleService).toConstantValue(locale);
      bind(OrdersExport).toConstantValue({ download: async () => undefined, downloadSelection: async () => undefined });
      bind(EventStream).toConstantValue(events);
      bind(Timers).toConstantValue(timers);
      bind(UserActivity).toConstantValue(activity);
      bind(ScreenWidth).toConstantValue(screen);
      // One tab: nothing to wait for.
      bind(TabLock).toConstantValue({ run: (_name: string, work: () => Promise<unknown>) => work() } as TabLock);
      bind(FrameScheduler).toConstantValue(frames);
      bind(ThemeService).toConstantValue(theme);
      bind(SystemColorScheme).toConstantValue(systemScheme);
      bind(PushService).toConstantValue(push);
      bind(PrintDialog).toConstantValue(printDialog);
      bind(StatePersistence).toConstantValue(new MobxStatePersistence(new SlicedStorage(storage, STATE_KEY)));
      bind(UnsavedEdits).toConstantValue(new LocalStorageUnsavedEdits(storage));
      bind(UnsavedNewOrders).toConstantValue(new LocalStorageUnsavedNewOrders(storage));
      bind(HttpClient)
        .toResolvedValue((session: SessionStore) => new AxiosHttpClient(session, { baseURL: '/api', window: backend }), [SessionStore])
        .inSingletonScope();
    }),
  );
  return { container, backend, clock, navigator, notifier, locale, storage, events, timers, frames, theme, systemScheme, push, activity, screen, printDialog };
}
