import type { FastifyBaseLogger } from 'fastify';
import type { AppOptions } from './AppOptions';
import { PasswordVerifier } from './auth/PasswordVerifier';
import { RevokedTokens } from './auth/RevokedTokens';
import { TokenSigner } from './auth/tokens';
import { DEFAULT_LEASE_TTL_MS } from './cluster/LeaseOptions';
import { newHolderId } from './cluster/processIdentity';
import type { Database } from './db/Database';
import type { EventHub } from './events/EventHub';
import { EventLog } from './events/EventLog';
import { InProcessEventHub } from './events/InProcessEventHub';
import { OpenStreams } from './events/OpenStreams';
import { StreamPlaces } from './events/StreamPlaces';
import { UnnumberedEvents } from './events/UnnumberedEvents';
import { DEFAULT_CLAIM_TIMEOUT_MS } from './push/OrderPushSender';
import { PushClaims } from './push/PushClaims';
import { UserRepository } from './users/UserRepository';

/** What several features of the app use: made once by the composition root (app.ts) and handed to each. */
export interface SharedServices {
  database: Database;
  /** "Now" for the whole app. */
  clock: () => Date;
  log: FastifyBaseLogger;
  /** This backend's name in leases and push claims, and how its leases are held. */
  leases: { holder: string; ttlMs: number; renewMs?: number };
  users: UserRepository;
  revokedTokens: RevokedTokens;
  signer: TokenSigner;
  passwords: PasswordVerifier;
  /** Where committed order changes are announced. */
  hub: EventHub;
  eventLog: EventLog;
  /** The open event streams, counted per token in the database on either engine. */
  openStreams: OpenStreams;
  /** The event streams of this process by tenant, for events without an id (presence). */
  unnumberedEvents: UnnumberedEvents;
  /** Which backend sends the push messages of which event. */
  pushClaims: PushClaims;
}

export function sharedServices(log: FastifyBaseLogger, options: AppOptions): SharedServices {
  const { database } = options;
  const holder = options.leases?.holder ?? newHolderId();
  return {
    database,
    clock: options.clock ?? (() => new Date()),
    log,
    leases: { holder, ttlMs: options.leases?.ttlMs ?? DEFAULT_LEASE_TTL_MS, renewMs: options.leases?.renewMs },
    users: new UserRepository(database),
    revokedTokens: new RevokedTokens(database),
    signer: new TokenSigner(options.jwtKey),
    passwords: new PasswordVerifier(options.login?.hashing),
    hub: options.events?.hub ?? new InProcessEventHub((error) => log.error({ err: error }, 'event listener failed')),
    eventLog: new EventLog(database),
    openStreams: new OpenStreams(new StreamPlaces(database, holder), (error) => log.error({ err: error }, 'giving an event stream\'s place up failed')),
    unnumberedEvents: new UnnumberedEvents(),
    pushClaims: new PushClaims(database, holder, options.push?.claimTimeoutMs ?? DEFAULT_CLAIM_TIMEOUT_MS),
  };
}
