import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { LoginResult } from '../../shared/User';
import type { OpenStreams } from '../events/OpenStreams';
import { ProblemError } from '../http/ProblemError';
import { singleLineText } from '../http/textSchemas';
import type { UserRepository } from '../users/UserRepository';
import { userView } from '../users/userView';
import { principalOf } from './authentication';
import type { LoginLimits } from './LoginRateLimiter';
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
  /** The open event streams: a logout ends those of its token. */
  eventStreams: Pick<OpenStreams, 'closeToken'>;
}

const loginSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['email', 'password'],
    properties: {
      email: singleLineText({ minLength: 1, maxLength: 320 }),
      password: { type: 'string', minLength: 1, maxLength: 1024 },
    },
  },
} as const;

interface LoginBody {
  email: string;
  password: string;
}

/** Seconds a sign-in refused for a full hashing queue is asked to wait: the queue drains in about half a second. */
const BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * `POST /api/auth/login`: a token for the right e-mail and password. Wrong e-mail and wrong password
 * answer alike (401). Each attempt counts as a failure until it succeeds, so that parallel guesses
 * cannot slip past the limits (LoginRateLimiter.ts): 429 once an address has failed too often for
 * the account, or for all accounts together. The password check waits for one of the few places for
 * hashing (PasswordVerifier.ts); when too many wait already, 503 at once, and the attempt counts not.
 */
export function registerLoginRoute(app: FastifyInstance, deps: AuthRoutesDeps): void {
  app.post<{ Body: LoginBody }>('/api/auth/login', { schema: loginSchema }, async (request, reply): Promise<LoginResult> => {
    const { email, password } = request.body;
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

    const issuedAt = Math.floor(deps.clock().getTime() / 1000);
    const expiresAt = issuedAt + deps.tokenTtlSeconds;
    const token = deps.signer.sign({ sub: user.id, tenant: user.tenant_id, jti: randomUUID(), iat: issuedAt, exp: expiresAt, role: user.role });
    reply.header('cache-control', 'no-store');
    return { token, expiresAt: new Date(expiresAt * 1000).toISOString(), user: userView(user) };
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
