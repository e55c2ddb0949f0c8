import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { DisposableCollection } from '../../shared/Disposable';
import { countsFor, principalOf } from '../auth/authentication';
import type { RevokedTokens } from '../auth/RevokedTokens';
import { ProblemError } from '../http/ProblemError';
import type { UserRepository } from '../users/UserRepository';
import type { EventHub } from './EventHub';
import type { EventLog } from './EventLog';
import { EventReplay, type EventReplayLimits } from './EventReplay';
import { LiveStream } from './LiveStream';
import type { OpenStreams } from './OpenStreams';
import type { UnnumberedEvents } from './UnnumberedEvents';

export const DEFAULT_PING_INTERVAL_MS = 15_000;
export const DEFAULT_STALL_TIMEOUT_MS = 30_000;

export interface EventRoutesDeps {
  hub: EventHub;
  eventLog: EventLog;
  streams: OpenStreams;
  /** Where events without an id (presence) reach the streams, and what a stream is told when it opens. */
  unnumbered: UnnumberedEvents;
  revokedTokens: RevokedTokens;
  users: Pick<UserRepository, 'accessOf'>;
  clock: () => Date;
  pingIntervalMs: number;
  stallTimeoutMs: number;
  /** How many recent events are kept for streams that resume (EventReplay.ts). */
  replay?: EventReplayLimits;
}

/**
 * `GET /api/events`, behind authentication: the live events of the token's tenant as server-sent
 * events (see LiveStream.ts). The stream ends when the token expires, when it is revoked (logout
 * closes the streams of its token through `OpenStreams`), when newer streams of its token displace it
 * (at most 10 per token on all processes together, see OpenStreams.ts), and when the server closes.
 */
export function registerEventRoutes(app: FastifyInstance, deps: EventRoutesDeps): EventReplay {
  // Streams that resume read what they missed through it: once for all of them, from memory when it can.
  const replay = new EventReplay(deps.hub, deps.eventLog, deps.replay);
  app.addHook('onClose', async () => replay.dispose());
  // No HEAD: it would open a stream without a body. Never compressed: a compressor would hold events back.
  app.get('/api/events', { exposeHeadRoute: false, compress: false }, async (request, reply) => {
    const principal = principalOf(request);
    const header = request.headers['last-event-id'];
    const lastEventId = Array.isArray(header) ? header[0] : header;
    const resources = new DisposableCollection();
    const stream = new LiveStream({
      tenantId: principal.tenantId,
      replay,
      raw: reply.raw,
      clock: deps.clock,
      expiresAt: principal.expiresAt,
      pingIntervalMs: deps.pingIntervalMs,
      stallTimeoutMs: deps.stallTimeoutMs,
      resources,
      onError: (error) => request.log.error({ err: error }, 'event stream failed'),
    });
    // Listening before the position is read: what commits after that read arrives live, what
    // committed before it is in the table (and may arrive live as well; ids are sent once).
    resources.add(deps.hub.subscribe(principal.tenantId, (event) => stream.receive(event)));
    resources.add(deps.unnumbered.add(principal.tenantId, stream));
    const registration = deps.streams.add({ id: principal.tokenId, userId: principal.userId, sessionGeneration: principal.sessionGeneration }, stream);
    resources.add(registration);
    let position;
    try {
      // Checked after registering: a logout that revoked the token (or a password change that ended
      // the user's other sessions) before this check is seen here, one after it finds the stream in the registry.
      // The stream's place among its token's streams is taken meanwhile (one statement).
      const [, revoked, access] = await Promise.all([
        registration.placed,
        deps.revokedTokens.isRevoked(principal.tokenId),
        deps.users.accessOf(principal.userId),
      ]);
      position = await deps.eventLog.position(principal.tenantId);
      if (revoked || !access || !access.active || !countsFor(principal, access)) stream.close('revoked');
    } catch (error) {
      stream.close('error');
      throw error;
    }
    switch (stream.endReason) {
      case undefined:
      case 'displaced':
        // Displaced while starting: answered like any stream, it ends at once (see LiveStream.start).
        break;
      case 'client':
        // Gone already: nothing to answer.
        reply.hijack();
        return;
      case 'server':
        throw new ProblemError('not-ready');
      default:
        throw new ProblemError('unauthorized', { headers: { 'www-authenticate': 'Bearer error="invalid_token"' } });
    }

    reply.hijack();
    const headers: OutgoingHttpHeaders = {};
    // The security headers set for every answer (reply headers are not sent by a hijacked reply).
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) headers[name] = value;
    }
    reply.raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // Proxies such as nginx would otherwise hold events back to fill their buffers.
      'x-accel-buffering': 'no',
    });
    stream.start(position, lastEventId);
  });
  return replay;
}
