import fc from 'fast-check';
import { browserSubscription } from '../support/webPushCrypto';
import { TEST_PUSH_HOST } from '../support/pushFixtures';
import { DEMO_PASSWORD } from '../support/testServer';
import { ACTOR_EMAILS } from './fuzzActors';
import type { FuzzWorld } from './fuzzWorld';
import type { KnownValues } from './schemaValues';

/** One of `values` as they are when the request is made (the pools change as requests create and delete). */
function oneOfNow(values: () => readonly unknown[]): fc.Arbitrary<unknown> {
  return fc.constant(null).chain(() => {
    const now = values();
    return now.length > 0 ? fc.constantFrom(...now) : fc.uuid();
  });
}

const subscription = browserSubscription(`https://${TEST_PUSH_HOST}/send/fuzz`);

/**
 * What the contract's schemas cannot say, by operation and place: which ids exist (orders, users,
 * views of both tenants, so that another tenant's are tried too), an order's version, the demo
 * accounts and their password, an endpoint of the test push service with a real browser key.
 */
export function knownValues(world: FuzzWorld, operationId: string): KnownValues {
  const all = (pick: (tenant: ReturnType<FuzzWorld['allTenants']>[number]) => readonly unknown[]) => () => world.allTenants().flatMap(pick);
  const orderIds = oneOfNow(all((tenant) => tenant.orderIds));
  const versions = oneOfNow(all((tenant) => [...tenant.versions.values()]));
  const viewIds = oneOfNow(all((tenant) => tenant.viewIds));
  return (place) => {
    if (place === 'path.id') {
      if (operationId.includes('SavedView')) return viewIds;
      if (operationId === 'changeUser' || operationId === 'resetUserPassword') return oneOfNow(() => world.userIdsToChange(operationId === 'resetUserPassword'));
      return orderIds;
    }
    switch (place) {
      case 'ids.*':
      case 'orders.*.id':
        return orderIds;
      case 'orders.*.version':
        return versions;
      case 'header.If-Match':
        return versions.map((version) => `"${String(version)}"`);
      case 'header.Last-Event-ID':
        return fc.nat({ max: 400 }).map(String);
      case 'header.Idempotency-Key':
        return fc.constantFrom('fuzz-key-1', 'fuzz-key-2');
      case 'email':
        return operationId === 'login' ? fc.constantFrom(...Object.values(ACTOR_EMAILS)) : undefined;
      case 'password':
      case 'currentPassword':
        return fc.constant(DEMO_PASSWORD);
      case 'endpoint':
        return fc.constantFrom(subscription.json.endpoint, `https://${TEST_PUSH_HOST}/send/other`);
      case 'keys':
        return fc.constant(subscription.json.keys);
      default:
        return undefined;
    }
  };
}
