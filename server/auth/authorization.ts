import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { roleAllows, type Role } from '../../shared/Role';
import { ProblemError } from '../http/ProblemError';
import { principalOf } from './authentication';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The least role a route needs (shared/Role.ts); `viewer` when not set: any signed-in user. */
    role?: Role;
  }
}

/**
 * Refuses with a 403 problem, naming the user's role and the one needed, when the signed-in user's
 * current role does not allow what `needed` allows. Nothing has changed when it throws.
 */
export function requireRole(request: FastifyRequest, needed: Role): void {
  const { role } = principalOf(request);
  if (!roleAllows(role, needed)) {
    throw new ProblemError('forbidden', { extensions: { role, required: needed } });
  }
}

/**
 * The hook, after `authenticate`, that lets a request reach its route only when the user's role
 * allows the route's `config.role`: before its body is read or checked, so a forbidden call is a 403
 * whatever it sends.
 */
export const authorize: onRequestHookHandler = async (request) => {
  requireRole(request, request.routeOptions.config.role ?? 'viewer');
};
