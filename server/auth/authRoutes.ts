import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FieldError } from '../../shared/Problem';
import type { LoginResult } from '../../shared/User';
import type { OpenStreams } from '../events/OpenStreams';
import { fieldError } from '../http/fieldErrors';
import { requestLocale } from '../http/locale';
import { ProblemError } from '../http/ProblemError';
import type { UserRecord, UserRepository } from '../users/UserRepository';
import { userView } from '../users/userView';
import { principalOf } from './authentication';
import type { LoginLimits } from './LoginRateLimiter';
import { newPasswordErrors } from './passwordPolicy';
import type { PasswordVerifier } from './PasswordVerifier';
import type { RevokedTokens } from './RevokedTokens';
import type { TokenSigner } from './tokens';

export interface AuthRoutesDeps {
  users: UserRepository;
  signer: TokenSigner;
  revokedTokens: RevokedTokens;
  limiter: LoginLimits;
  passwords: PasswordVerifier;
  clock: () => Date;
  tokenTtlSeconds: number;
  /** The longest a session lasts from its sign-in, however often its token is renewed. */
  sessionMaxSeconds: number;
  /** The open event streams: a logout ends those of its token, a changed password the user's others. */
  eventStreams: Pick<OpenStreams, 'closeToken' | 'closeSessionsBefore'>;
}

interface PasswordChangeBody {
  currentPassword: string;
  newPassword: string;
}

interface LoginBody {
  email: string;
  password: string;
  /** The user's own password, in place of the one-time password they sign in with. */
  newPassword?: string;
}

/** Seconds a sign-in refused for a full hashing queue is asked to wait: the queue drains in about a second. */
const BUSY_RETRY_AFTER_SECONDS = 1;

/** The session a token is issued for: the number of the user's sessions it belongs to, and its sign-in (none: now). */
interface SessionOfToken {
  generation: number;
  authTime?: number;
}

/**
 * A session's answer: a new token of `user`, issued at `now`, and the user. The session began at
 * `authTime` (its sign-in; now for a new one): the token expires after its lifetime, but never later
 * than the session's longest.
 */
function issueToken(deps: AuthRoutesDeps, reply: FastifyReply, user: UserRecord, now: Date, session: SessionOfToken): LoginResult {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const began = session.authTime ?? issuedAt;
  const expiresAt = Math.min(issuedAt + deps.tokenTtlSeconds, began + deps.sessionMaxSeconds);
  const claims = { sub: user.id, tenant: user.tenant_id, jti: randomUUID(), iat: issuedAt, auth_time: began, exp: expiresAt, gen: session.generation, role: user.role };
  const token = deps.signer.sign(claims);
  reply.header('cache-control', 'no-store');
  return { token, expiresAt: new Date(expiresAt * 1000).toISOString(), user: userView(user) };
}

/**
 * After a right password: when the user's stored hash is weaker than the cost of hashes now, it is
 * made anew from the password and stored, unless the password was changed meanwhile (that hash
 * stays). Skipped when too many hashes wait: a later sign-in makes it.
 */
async function strengthenHash(deps: AuthRoutesDeps, user: UserRecord, password: string): Promise<void> {
  const stronger = await deps.passwords.strongerHash(password, user.password_hash);
  if (stronger !== undefined) {
    await deps.users.strengthenPasswordHash(user.id, user.password_hash, stronger);
  }
}

/**
 * `POST /api/auth/login`: a token for the right e-mail and password. Wrong e-mail and wrong password
 * answer alike (401). Each attempt counts as a failure until it succeeds, so that parallel guesses
 * cannot slip past the limits (LoginRateLimiter.ts): 429 once an address has failed too often for
 * the account, or for all accounts together, or while the account's consecutive failures from any
 * address hold it back (AccountFailureDelay.ts). The password check waits for one of the few places
 * for hashing (PasswordVerifier.ts); when too many wait already, 503 at once, and the attempt counts
 * not. A right password whose stored hash is weaker than the cost now is hashed anew (`strengthenHash`).
 *
 * Only with the right password does the answer tell more: a deactivated user is refused (403
 * `account-inactive`), and a user whose password is a one-time password an admin handed out gets no
 * token until they choose their own (403 `password-change-required`; the same request again with
 * `newPassword`, which must meet the rule: 422 with the field named; their password changes, their
 * sessions from before end, and the answer is the sign-in's).
 */
export function registerLoginRoute(app: FastifyInstance, deps: AuthRoutesDeps): void {
  app.post<{ Body: LoginBody }>('/api/auth/login', async (request, reply): Promise<LoginResult> => {
    const { email, password, newPassword } = request.body;
    const started = await deps.limiter.start(request.ip, email);
    if ('retryAfterSeconds' in started) {
      throw new ProblemError('too-many-attempts', {
        params: { retryAfterSeconds: started.retryAfterSeconds },
        headers: { 'retry-after': String(started.retryAfterSeconds) },
      });
    }
    const { attempt } = started;
    const user = await deps.users.findByEmail(email);
    const check = await deps.passwords.check(password, user?.password_hash);
    if (check === 'busy') {
      await deps.limiter.withdraw(attempt);
      throw new ProblemError('sign-in-busy', { headers: { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) } });
    }
    if (!user || check === 'mismatch') {
      throw new ProblemError('wrong-credentials');
    }
    await deps.limiter.succeeded(attempt);
    if (!user.must_change_password) {
      await strengthenHash(deps, user, password);
    }
    if (!user.active) {
      throw new ProblemError('account-inactive');
    }
    let generation = user.session_generation;
    if (user.must_change_password) {
      if (newPassword === undefined) throw new ProblemError('password-change-required');
      const errors = newPasswordErrors(newPassword, { email: user.email, currentPassword: password }, requestLocale(request));
      if (errors.length > 0) throw new ProblemError('invalid-value', { errors });
      const hash = await deps.passwords.hash(newPassword);
      const changed = await deps.users.changePassword(user.id, hash, deps.clock());
      if (changed === undefined) throw new ProblemError('wrong-credentials');
      generation = changed;
      deps.eventStreams.closeSessionsBefore(user.id, generation);
    } else if (newPassword !== undefined) {
      throw new ProblemError('invalid-value', { errors: [fieldError('newPassword', 'notRequired', requestLocale(request))] });
    }
    const now = deps.clock();
    await deps.users.recordLogin(user.id, now);
    return issueToken(deps, reply, user, now, { generation });
  });
}

/**
 * `POST /api/auth/renew`: a new token for the session of the request's token, which is revoked (the
 * session goes on with the new one). The new token keeps the session's sign-in time and expires after
 * its lifetime, but never later than the session's longest (12 hours by default): near that end it
 * expires with the session, and after it the token is expired (401) and the user signs in again.
 * The old token's event streams end with its revocation, on every process (as at a logout): a client
 * opens its stream again with the new token and `Last-Event-ID`, and misses nothing. A token renews
 * once: of renewals at once with it, on any processes, the one that stores its revocation first wins,
 * the others are answered 401 as for a revoked token. Register it behind authentication.
 */
export function registerRenewRoute(app: FastifyInstance, deps: AuthRoutesDeps): void {
  app.post('/api/auth/renew', async (request, reply): Promise<LoginResult> => {
    const principal = principalOf(request);
    const user = await deps.users.findById(principal.userId);
    // Revoked first, once: of renewals at once with one token (on any processes) one wins, the others are refused.
    if (!user || !(await deps.revokedTokens.revokeOnce(principal.tokenId, principal.expiresAt))) {
      throw new ProblemError('unauthorized', { headers: { 'www-authenticate': 'Bearer error="invalid_token"' } });
    }
    deps.eventStreams.closeToken(principal.tokenId);
    return issueToken(deps, reply, user, deps.clock(), { generation: principal.sessionGeneration, authTime: principal.authTime });
  });
}

/**
 * `POST /api/me/password`: the signed-in user's new password, given the current one. The new one
 * must meet the rule (auth/passwordPolicy.ts); every field in error is named at once (422), and a
 * wrong current password counts against the sign-in limits of the account, as a failed sign-in does
 * (429 once too many). On success the hash is stored and every session of the user ends: the
 * request's own token is revoked, tokens issued before now no longer count (on every process, their
 * streams end), and the answer carries a new token for the session that made the change, as a
 * sign-in does. Register it behind authentication.
 */
export function registerPasswordChangeRoute(app: FastifyInstance, deps: AuthRoutesDeps): void {
  app.post<{ Body: PasswordChangeBody }>('/api/me/password', async (request, reply): Promise<LoginResult> => {
    const principal = principalOf(request);
    const locale = requestLocale(request);
    const { currentPassword, newPassword } = request.body;
    const user = await deps.users.findById(principal.userId);
    if (!user) {
      throw new ProblemError('unauthorized', { headers: { 'www-authenticate': 'Bearer error="invalid_token"' } });
    }
    const started = await deps.limiter.start(request.ip, user.email);
    if ('retryAfterSeconds' in started) {
      throw new ProblemError('too-many-attempts', {
        params: { retryAfterSeconds: started.retryAfterSeconds },
        headers: { 'retry-after': String(started.retryAfterSeconds) },
      });
    }
    const check = await deps.passwords.check(currentPassword, user.password_hash);
    if (check === 'busy') {
      await deps.limiter.withdraw(started.attempt);
      throw new ProblemError('sign-in-busy', { headers: { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) } });
    }
    const errors: FieldError[] = [];
    if (check === 'mismatch') {
      errors.push(fieldError('currentPassword', 'wrongPassword', locale));
    } else {
      await deps.limiter.succeeded(started.attempt);
    }
    errors.push(...newPasswordErrors(newPassword, { email: user.email, currentPassword }, locale));
    if (errors.length > 0) {
      throw new ProblemError('invalid-value', { errors });
    }

    const hash = await deps.passwords.hash(newPassword);
    const now = deps.clock();
    const generation = await deps.users.changePassword(user.id, hash, now);
    if (generation === undefined) {
      throw new ProblemError('unauthorized', { headers: { 'www-authenticate': 'Bearer error="invalid_token"' } });
    }
    // Its session goes on with the new token only.
    await deps.revokedTokens.revoke(principal.tokenId, principal.expiresAt);
    deps.eventStreams.closeToken(principal.tokenId);
    deps.eventStreams.closeSessionsBefore(user.id, generation);
    return issueToken(deps, reply, user, now, { generation, authTime: principal.authTime });
  });
}

/**
 * `POST /api/auth/logout`: revokes the token of the request (its `jti`) and ends the event streams
 * opened with it; 204. Register it behind authentication.
 */
export function registerLogoutRoute(app: FastifyInstance, deps: AuthRoutesDeps): void {
  app.post('/api/auth/logout', async (request, reply) => {
    const principal = principalOf(request);
    await deps.revokedTokens.revoke(principal.tokenId, principal.expiresAt);
    // After the revocation is stored: a stream opened meanwhile either is registered already or
    // finds the token revoked (events/eventRoutes.ts).
    deps.eventStreams.closeToken(principal.tokenId);
    // Now and then is enough: every sign-out also forgets the revocations that have run out.
    await deps.revokedTokens.purgeExpired(deps.clock());
    return reply.code(204).send();
  });
}
