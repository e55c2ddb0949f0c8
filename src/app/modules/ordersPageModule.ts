import { ContainerModule } from 'inversify';
import { Clock } from '../../domain/ports/Clock';
import { HttpClient } from '../../domain/ports/HttpClient';
import { Notifier } from '../../domain/ports/Notifier';
import { OrdersApi } from '../../domain/ports/OrdersApi';
import { OrdersExport } from '../../domain/ports/OrdersExport';
import { PrintDialog } from '../../domain/ports/PrintDialog';
import { SavedViewsApi } from '../../domain/ports/SavedViewsApi';
import { OrderColumnsStore } from '../../domain/stores/OrderColumnsStore';
import { OrderFacetsStore } from '../../domain/stores/OrderFacetsStore';
import { OrderHistoryStore } from '../../domain/stores/OrderHistoryStore';
import { OrdersExportStore } from '../../domain/stores/OrdersExportStore';
import { OrdersFilterStore } from '../../domain/stores/OrdersFilterStore';
import { OrdersListStore } from '../../domain/stores/OrdersListStore';
import { OrderStatusMovesStore } from '../../domain/stores/OrderStatusMovesStore';
import { OrdersPrintStore } from '../../domain/stores/OrdersPrintStore';
import { SavedViewsStore } from '../../domain/stores/SavedViewsStore';
import { HttpSavedViewsApi } from '../../infrastructure/api/HttpSavedViewsApi';

/**
 * What only the orders page uses beyond what the first screen needs: the filters' values, the saved
 * views, the CSV export, the printed list, an order's history and the status moves on the phone's
 * cards. It comes with the page's chunk (`pageModules`), so the login page does not carry it; what
 * the list, the live updates and the session use is the core's.
 */
export const ordersPageModule = new ContainerModule(({ bind }) => {
  bind(OrderFacetsStore)
    .toResolvedValue((api: OrdersApi) => new OrderFacetsStore(api), [OrdersApi])
    .inSingletonScope();
  bind(OrderHistoryStore)
    .toResolvedValue((api: OrdersApi) => new OrderHistoryStore(api), [OrdersApi])
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
