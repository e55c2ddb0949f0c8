import type { FastifyInstance } from 'fastify';

/**
 * A part of the app (auth, orders, push, …) as the composition root (app.ts) registers it: its
 * routes open to anyone, its routes in the signed-in API scope (behind the authentication and
 * authorisation hooks, which stay the root's), and what runs while the app does.
 */
export interface Feature {
  /** Routes without a token (sign-in, telemetry, push unsubscribe), on the root. */
  open?(app: FastifyInstance): void | Promise<void>;
  /** Routes of the signed-in API scope. */
  signedIn?(api: FastifyInstance): void;
  /** Started once every route is there; stops with the app (its own `onClose` hooks). */
  start?(app: FastifyInstance): void | Promise<void>;
}
