import { ContainerModule } from 'inversify';
import { LiveOrderUpdates } from '../../domain/lifecycle/LiveOrderUpdates';
import { Clock } from '../../domain/ports/Clock';
import { Notifier } from '../../domain/ports/Notifier';
import { OrdersApi } from '../../domain/ports/OrdersApi';
import { SessionStore } from '../../domain/ports/SessionStore';
import { BarRescheduleStore } from '../../domain/stores/BarRescheduleStore';
import { OrdersFilterStore } from '../../domain/stores/OrdersFilterStore';
import { PlanningBoardStore } from '../../domain/stores/PlanningBoardStore';
import { PlanningDayStore } from '../../domain/stores/PlanningDayStore';

/** The marks the board shares with the list, in this chunk too (the composition root loads them once). */
export { orderMarksModule, OrderMarksStart } from './orderMarksModule';

/** What the planning page starts when its chunk arrives (resolve it once the module is loaded): the board following the live updates. */
export const PlanningPageStart = Symbol('PlanningPageStart');

/**
 * What only the planning board works with: its orders (the list's days and criteria, every page of
 * them, kept live), the moving of its bars, and the one day a phone shows. It comes with the page's chunk (`pageModules`), so the first screen does not carry it.
 */
export const planningPageModule = new ContainerModule(({ bind }) => {
  bind(PlanningBoardStore)
    .toResolvedValue((api: OrdersApi, filter: OrdersFilterStore) => new PlanningBoardStore(api, filter), [OrdersApi, OrdersFilterStore])
    .inSingletonScope();
  bind(BarRescheduleStore)
    .toResolvedValue(
      (board: PlanningBoardStore, api: OrdersApi, notifier: Notifier, session: SessionStore) => new BarRescheduleStore(board, api, notifier, session),
      [PlanningBoardStore, OrdersApi, Notifier, SessionStore],
    )
    .inSingletonScope();
  bind(PlanningDayStore)
    .toResolvedValue(
      (board: PlanningBoardStore, filter: OrdersFilterStore, clock: Clock) => new PlanningDayStore(board, filter, clock),
      [PlanningBoardStore, OrdersFilterStore, Clock],
    )
    .inSingletonScope();
  bind(PlanningPageStart)
    .toResolvedValue(
      (live: LiveOrderUpdates, board: PlanningBoardStore) => {
        live.follow(board);
        return PlanningPageStart;
      },
      [LiveOrderUpdates, PlanningBoardStore],
    )
    .inSingletonScope();
});
