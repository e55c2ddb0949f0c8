import type { FastifyInstance } from 'fastify';
import type { PresenceField } from '../../shared/OrderPresence';
import { principalOf } from '../auth/authentication';
import type { Database } from '../db/Database';
import { isUuid } from '../http/uuid';
import { orderNotFound } from '../orders/orderAnswers';
import type { OrderPresences } from './OrderPresences';

export interface PresenceRoutesDeps {
  database: Database;
  presences: OrderPresences;
}

/** Whether the tenant has the order (another tenant's is not found, as on every order route). */
async function hasOrder(database: Database, tenantId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await database.query('SELECT 1 FROM orders WHERE id = $1::uuid AND tenant_id = $2::uuid', [id, tenantId], { prepared: true });
  return rows.length > 0;
}

/**
 * - `PUT /api/orders/{id}/presence` `{ editing }`: the caller has the order open (editing that
 *   field), for the time to live; renewed by repeating it. Every role (viewers look).
 * - `DELETE /api/orders/{id}/presence`: closed, gone at once.
 * The body is checked by the contract (docs/openapi.yaml).
 */
export function registerPresenceRoutes(api: FastifyInstance, deps: PresenceRoutesDeps): void {
  api.put<{ Params: { id: string }; Body: { editing: PresenceField | null } }>('/api/orders/:id/presence', async (request, reply) => {
    const principal = principalOf(request);
    if (!(await hasOrder(deps.database, principal.tenantId, request.params.id))) throw orderNotFound();
    await deps.presences.open(principal, request.params.id, request.body.editing);
    return reply.code(204).send();
  });
  api.delete<{ Params: { id: string } }>('/api/orders/:id/presence', async (request, reply) => {
    const principal = principalOf(request);
    if (!(await hasOrder(deps.database, principal.tenantId, request.params.id))) throw orderNotFound();
    await deps.presences.close(principal, request.params.id);
    return reply.code(204).send();
  });
}
