import { ContainerModule } from 'inversify';
import { LiveOrderUpdates } from '../../domain/lifecycle/LiveOrderUpdates';
import { DoubleBookingsApi } from '../../domain/ports/DoubleBookingsApi';
import { EventStream } from '../../domain/ports/EventStream';
import { HttpClient } from '../../domain/ports/HttpClient';
import { Timers } from '../../domain/ports/Timers';
import { DoubleBookingsStore } from '../../domain/stores/DoubleBookingsStore';
import { OrderChangeAuthors } from '../../domain/stores/OrderChangeAuthors';
import { OrdersFilterStore } from '../../domain/stores/OrdersFilterStore';
import { HttpDoubleBookingsApi } from '../../infrastructure/api/HttpDoubleBookingsApi';

/**
 * What the marks start when the first page showing them arrives (resolve it once the module is
 * loaded): who saved each version listens to the stream from then on, and the double bookings are
 * read again after live changes (while a page keeps them started).
 */
export const OrderMarksStart = Symbol('OrderMarksStart');

/**
 * The marks the orders list and the planning board both put on an order, one instance for both:
 * who changed it (`OrderChangeAuthors`, from each event's `by`) and whether its vehicle is booked
 * twice (`DoubleBookingsStore`). Both pages' chunks import it and the composition root loads it
 * once, before the first of them (`providePageModules`), so the first screen's entry does not carry it.
 */
export const orderMarksModule = new ContainerModule(({ bind }) => {
  bind(DoubleBookingsApi)
    .toResolvedValue((http: HttpClient) => new HttpDoubleBookingsApi(http), [HttpClient])
    .inSingletonScope();
  bind(DoubleBookingsStore)
    .toResolvedValue(
      (api: DoubleBookingsApi, filter: OrdersFilterStore, timers: Timers) => new DoubleBookingsStore(api, filter, timers),
      [DoubleBookingsApi, OrdersFilterStore, Timers],
    )
    .inSingletonScope();
  bind(OrderChangeAuthors)
    .toResolvedValue((events: EventStream) => new OrderChangeAuthors(events), [EventStream])
    .inSingletonScope();
  bind(OrderMarksStart)
    .toResolvedValue(
      // The authors are resolved here only to listen from now on.
      (_authors: OrderChangeAuthors, live: LiveOrderUpdates, doubleBookings: DoubleBookingsStore) => {
        live.follow({ applyEvents: () => doubleBookings.applyEvents() });
        return OrderMarksStart;
      },
      [OrderChangeAuthors, LiveOrderUpdates, DoubleBookingsStore],
    )
    .inSingletonScope();
});
