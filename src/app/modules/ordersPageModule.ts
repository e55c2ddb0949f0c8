import { ContainerModule } from 'inversify';
import { LiveOrderUpdates } from '../../domain/lifecycle/LiveOrderUpdates';
import { OrdersPageWork } from '../../domain/lifecycle/OrdersPageWork';
import { SessionWorkRelay } from '../../domain/lifecycle/SessionWorkRelay';
import { Clock } from '../../domain/ports/Clock';
import { HttpClient } from '../../domain/ports/HttpClient';
import { Navigator } from '../../domain/ports/Navigator';
import { Notifier } from '../../domain/ports/Notifier';
import { OrdersApi } from '../../domain/ports/OrdersApi';
import { OrdersExport } from '../../domain/ports/OrdersExport';
import { PrintDialog } from '../../domain/ports/PrintDialog';
import { EventStream } from '../../domain/ports/EventStream';
import { PresenceApi } from '../../domain/ports/PresenceApi';
import { SavedViewsApi } from '../../domain/ports/SavedViewsApi';
import { ScreenWidth } from '../../domain/ports/ScreenWidth';
import { SessionStore } from '../../domain/ports/SessionStore';
import { StatePersistence } from '../../domain/ports/StatePersistence';
import { Timers } from '../../domain/ports/Timers';
import { UnsavedEdits } from '../../domain/ports/UnsavedEdits';
import { UnsavedNewOrders } from '../../domain/ports/UnsavedNewOrders';
import { LiveChangeAnnouncer } from '../../domain/stores/LiveChangeAnnouncer';
import { NewOrderStore } from '../../domain/stores/NewOrderStore';
import { OrderColumnsStore } from '../../domain/stores/OrderColumnsStore';
import { OrderDetailStore } from '../../domain/stores/OrderDetailStore';
import { OrderFacetsStore } from '../../domain/stores/OrderFacetsStore';
import { OrderHistoryStore } from '../../domain/stores/OrderHistoryStore';
import { OrderPresenceStore } from '../../domain/stores/OrderPresenceStore';
import { OrderSelectionStore } from '../../domain/stores/OrderSelectionStore';
import { OrderStatusMovesStore } from '../../domain/stores/OrderStatusMovesStore';
import { OrdersExportStore } from '../../domain/stores/OrdersExportStore';
import { OrdersFilterStore } from '../../domain/stores/OrdersFilterStore';
import { OrdersListStore } from '../../domain/stores/OrdersListStore';
import { OrdersPrintStore } from '../../domain/stores/OrdersPrintStore';
import { SavedViewsStore } from '../../domain/stores/SavedViewsStore';
import { UnsavedEditsStore } from '../../domain/stores/UnsavedEditsStore';
import { UnsavedNewOrderStore } from '../../domain/stores/UnsavedNewOrderStore';
import { HttpPresenceApi } from '../../infrastructure/api/HttpPresenceApi';
import { HttpSavedViewsApi } from '../../infrastructure/api/HttpSavedViewsApi';
import { randomId } from '../../infrastructure/ids/randomId';
import { byName } from './byName';

/** The marks the list shares with the planning board, in this chunk too (the composition root loads them once). */
export { orderMarksModule, OrderMarksStart } from './orderMarksModule';

/**
 * What the orders page starts when its chunk arrives, before its first render (resolve it once the
 * module is loaded): the grid's columns read back, the keeping of unsaved edits and new orders, the
 * open order and the announcer following the live updates, and the page's work joining the session
 * (`SessionWorkRelay`), which offers it to the user signed in now.
 */
export const OrdersPageStart = Symbol('OrdersPageStart');

/**
 * What only the orders page works with: the open order, the new order, the edits kept of both, the
 * selection, the columns, the announcement of live changes, the filters' values, the saved views,
 * the CSV export, the printed list, an order's history and the status moves on the phone's cards
 * (the marks it shares with the planning board are `orderMarksModule`'s).
 * It comes with the page's chunk (`pageModules`), so the login page does not carry it; what the
 * first rows, the live updates and the session use is the core's.
 */
export const ordersPageModule = new ContainerModule(({ bind }) => {
  bind(OrderDetailStore)
    .toResolvedValue((api: OrdersApi, list: OrdersListStore, notifier: Notifier) => new OrderDetailStore(api, list, notifier), [OrdersApi, OrdersListStore, Notifier])
    .inSingletonScope();
  bind(NewOrderStore)
    .toResolvedValue(
      (api: OrdersApi, notifier: Notifier, session: SessionStore) => new NewOrderStore(api, notifier, () => session.language, randomId),
      [OrdersApi, Notifier, SessionStore],
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
  bind(OrderSelectionStore)
    .toResolvedValue((api: OrdersApi, list: OrdersListStore, notifier: Notifier) => new OrderSelectionStore(api, list, notifier), [OrdersApi, OrdersListStore, Notifier])
    .inSingletonScope();
  bind(OrderColumnsStore)
    .toResolvedValue((persistence: StatePersistence, screen: ScreenWidth) => new OrderColumnsStore(persistence, screen), [StatePersistence, ScreenWidth])
    .inSingletonScope();
  bind(LiveChangeAnnouncer)
    .toResolvedValue((timers: Timers, clock: Clock, list: OrdersListStore) => new LiveChangeAnnouncer(timers, clock, () => list.query), [Timers, Clock, OrdersListStore])
    .inSingletonScope();
  bind(OrdersPageStart)
    .toResolvedValue(
      ...byName(
        {
          relay: SessionWorkRelay,
          live: LiveOrderUpdates,
          detail: OrderDetailStore,
          unsavedEdits: UnsavedEditsStore,
          newOrder: NewOrderStore,
          unsavedNewOrder: UnsavedNewOrderStore,
          columns: OrderColumnsStore,
          announcer: LiveChangeAnnouncer,
        },
        ({ relay, live, detail, unsavedEdits, newOrder, unsavedNewOrder, columns, announcer }) => {
          columns.start();
          unsavedEdits.start();
          unsavedNewOrder.start();
          live.follow(detail);
          live.follow({ applyEvents: (batch) => announcer.note(batch) });
          relay.join(new OrdersPageWork({ detail, unsavedEdits, newOrder, unsavedNewOrder }));
          return OrdersPageStart;
        },
      ),
    )
    .inSingletonScope();
  bind(OrderFacetsStore)
    .toResolvedValue((api: OrdersApi) => new OrderFacetsStore(api), [OrdersApi])
    .inSingletonScope();
  bind(OrderHistoryStore)
    .toResolvedValue((api: OrdersApi) => new OrderHistoryStore(api), [OrdersApi])
    .inSingletonScope();
  bind(PresenceApi)
    .toResolvedValue((http: HttpClient) => new HttpPresenceApi(http), [HttpClient])
    .inSingletonScope();
  bind(OrderPresenceStore)
    .toResolvedValue(
      (api: PresenceApi, events: EventStream, session: SessionStore, timers: Timers) => new OrderPresenceStore(api, events, session, timers),
      [PresenceApi, EventStream, SessionStore, Timers],
    )
    .inSingletonScope();
  bind(SavedViewsApi)
    .toResolvedValue((http: HttpClient) => new HttpSavedViewsApi(http), [HttpClient])
    .inSingletonScope();
  bind(SavedViewsStore)
    .toResolvedValue(
      (api: SavedViewsApi, filter: OrdersFilterStore, columns: OrderColumnsStore, clock: Clock, notifier: Notifier) => new SavedViewsStore(api, filter, columns, clock, notifier),
      [SavedViewsApi, OrdersFilterStore, OrderColumnsStore, Clock, Notifier],
    )
    .inSingletonScope();
  bind(OrderStatusMovesStore)
    .toResolvedValue((api: OrdersApi, list: OrdersListStore, notifier: Notifier) => new OrderStatusMovesStore(api, list, notifier), [OrdersApi, OrdersListStore, Notifier])
    .inSingletonScope();
  bind(OrdersExportStore)
    .toResolvedValue(
      (list: OrdersListStore, filter: OrdersFilterStore, exporter: OrdersExport, notifier: Notifier) => new OrdersExportStore(list, filter, exporter, notifier),
      [OrdersListStore, OrdersFilterStore, OrdersExport, Notifier],
    )
    .inSingletonScope();
  bind(OrdersPrintStore)
    .toResolvedValue(
      (api: OrdersApi, list: OrdersListStore, dialog: PrintDialog, notifier: Notifier) => new OrdersPrintStore(api, list, dialog, notifier),
      [OrdersApi, OrdersListStore, PrintDialog, Notifier],
    )
    .inSingletonScope();
});
