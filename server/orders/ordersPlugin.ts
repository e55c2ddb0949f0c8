import type { Feature } from '../Feature';
import type { SharedServices } from '../SharedServices';
import { registerDoubleBookingRoute } from './doubleBookingRoute';
import { registerOrderBulkRoute } from './orderBulkRoute';
import { registerOrderCreateRoute } from './orderCreateRoute';
import { OrderHistoryRepository } from './OrderHistoryRepository';
import { registerOrderHistoryRoute } from './orderHistoryRoute';
import { OrderRepository } from './OrderRepository';
import { registerOrderRoutes } from './orderRoutes';

/** The orders resource: list, detail, changes, creation, bulk moves, history, export, double bookings. */
export function ordersPlugin(services: SharedServices): Feature {
  const { database, hub, clock } = services;
  return {
    signedIn: (api) => {
      const orders = new OrderRepository(database, hub);
      registerOrderRoutes(api, { orders, clock });
      registerOrderCreateRoute(api, { orders, database, clock });
      registerOrderBulkRoute(api, { orders, clock });
      registerOrderHistoryRoute(api, { orders, history: new OrderHistoryRepository(database) });
      registerDoubleBookingRoute(api, { database });
    },
  };
}
