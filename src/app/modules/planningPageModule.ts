import { ContainerModule } from 'inversify';
import { LiveOrderUpdates } from '../../domain/lifecycle/LiveOrderUpdates';
import { OrdersApi } from '../../domain/ports/OrdersApi';
import { OrdersFilterStore } from '../../domain/stores/OrdersFilterStore';
import { PlanningBoardStore } from '../../domain/stores/PlanningBoardStore';

/** What the planning page starts when its chunk arrives (resolve it once the module is loaded): the board following the live updates. */
export const PlanningPageStart = Symbol('PlanningPageStart');

/**
 * What only the planning board works with: its orders (the list's days and criteria, every page of
 * them, kept live). It comes with the page's chunk (`pageModules`), so the first screen does not carry it.
 */
export const planningPageModule = new ContainerModule(({ bind }) => {
  bind(PlanningBoardStore)
    .toResolvedValue((api: OrdersApi, filter: OrdersFilterStore) => new PlanningBoardStore(api, filter), [OrdersApi, OrdersFilterStore])
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
