import type { Feature } from '../Feature';
import type { SharedServices } from '../SharedServices';
import { OrderPushSender } from './OrderPushSender';
import type { PushOptions } from './PushOptions';
import { PushEndpointPolicy } from './PushEndpointPolicy';
import { registerPushRoutes, registerPushUnsubscribeRoute } from './pushRoutes';
import { PushSubscriptionRepository } from './PushSubscriptionRepository';
import type { VapidKeys } from './vapidKeys';
import { WebPushTransport } from './WebPushTransport';

/**
 * Web push of new orders: subscribing (signed in), unsubscribing (open, by the endpoint), and the
 * sender, which runs while the app does (`app.pushSender`).
 */
export function pushPlugin(services: SharedServices, options: PushOptions & { vapid: VapidKeys }): Feature {
  const { vapid } = options;
  const { clock } = services;
  const subscriptions = new PushSubscriptionRepository(services.database);
  const endpoints = new PushEndpointPolicy(options.endpoints);
  const transport = options.transport ?? WebPushTransport.resolvingWith(vapid, endpoints.connectionLookup);
  return {
    open: (app) => registerPushUnsubscribeRoute(app, { subscriptions }),
    signedIn: (api) => registerPushRoutes(api, { subscriptions, endpoints, publicKey: vapid.publicKey, clock }),
    start: (app) => {
      const sender = new OrderPushSender(
        { hub: services.hub, subscriptions, transport, endpoints, clock, log: app.log, claims: services.pushClaims },
        options,
      );
      sender.start();
      app.decorate('pushSender', sender);
      app.addHook('onClose', async () => sender.stop());
    },
  };
}
