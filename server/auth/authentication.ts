import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Role } from '../../shared/Role';
import { ProblemError } from '../http/ProblemError';
import type { UserAccess, UserRepository } from '../users/UserRepository';
import type { RevokedTokens } from './RevokedTokens';
import type { TokenSigner } from './tokens';
import { isUuid } from '../http/uuid';

/** Who sent a request: from its verified, unrevoked token. */
export interface Principal {
  userId: string;
  tenantId: string;
  tokenId: string;
  /** When the token was issued (seconds since the epoch). */
  issuedAt: number;
  /** The number of the user's sessions the token belongs to (see `TokenClaims.gen`; renewals keep it). */
  sessionGeneration: number;
  /** When the session began, at its sign-in (seconds since the epoch; renewals keep it). */
  authTime: number;
  expiresAt: Date;
  /** The user's role now (read at this request, not the token's copy). */
  role: Role;
  /** The user's name now. */
  name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

const BEARER = /^Bearer +([A-Za-z0-9._~+/-]+=*)$/i;

function unauthorized(error?: 'invalid_token'): ProblemError {
  return new ProblemError('unauthorized', {
    headers: { 'www-authenticate': error ? `Bearer error="${error}"` : 'Bearer' },
  });
}

/**
 * The hook that admits only requests with a valid token: `Authorization: Bearer <JWT>`, signature
 * right, not expired, not revoked, of a user who still exists and is active, of the user's sessions
 * now (a changed password ends the others, see `countsFor`). Anything else is a 401 problem with
 * `WWW-Authenticate: Bearer`. The principal carries the user's role as it is now, so that a changed
 * role counts from the next request on.
 */
export function authenticate(deps: {
  signer: TokenSigner;
  revokedTokens: RevokedTokens;
  users: Pick<UserRepository, 'accessOf' | 'accessAndRevocation'>;
  clock: () => Date;
}): onRequestHookHandler {
  // Revocations in the database: asked in the statement that reads the user (one round trip, not two).
  const standing =
    deps.revokedTokens.lookup === 'database'
      ? async (jti: string, userId: string) => {
          const access = await deps.users.accessAndRevocation(userId, jti);
          return { revoked: access?.revoked ?? false, access };
        }
      : async (jti: string, userId: string) => {
          const [revoked, access] = await Promise.all([deps.revokedTokens.isRevoked(jti), deps.users.accessOf(userId)]);
          return { revoked, access };
        };
  return async (request) => {
    const header = request.headers.authorization;
    if (!header) {
      throw unauthorized();
    }
    const token = BEARER.exec(header)?.[1];
    if (!token) {
      throw unauthorized('invalid_token');
    }
    const check = deps.signer.verify(token, Math.floor(deps.clock().getTime() / 1000));
    if (!check.valid || !isUuid(check.claims.jti) || !isUuid(check.claims.sub) || !isUuid(check.claims.tenant)) {
      throw unauthorized('invalid_token');
    }
    const { revoked, access } = await standing(check.claims.jti, check.claims.sub);
    const sessionGeneration = check.claims.gen ?? 0;
    if (revoked || access === undefined || !access.active || !countsFor({ issuedAt: check.claims.iat, sessionGeneration }, access)) {
      throw unauthorized('invalid_token');
    }
    request.principal = {
      userId: check.claims.sub,
      tenantId: check.claims.tenant,
      tokenId: check.claims.jti,
      issuedAt: check.claims.iat,
      sessionGeneration,
      authTime: check.claims.auth_time ?? check.claims.iat,
      expiresAt: new Date(check.claims.exp * 1000),
      role: access.role,
      name: access.name,
    };
  };
}

/**
 * Whether a token still counts for its user: it belongs to the user's sessions now (its generation is
 * the user's: every end of the user's sessions counts that on, so the cut-off is exact, whatever the
 * second), and was not issued before the user's sessions were last ended (whole seconds, as tokens
 * tell their time: for tokens without a generation).
 */
export function countsFor(
  token: Pick<Principal, 'issuedAt' | 'sessionGeneration'>,
  access: Pick<UserAccess, 'sessionsValidFrom' | 'sessionGeneration'>,
): boolean {
  const validFrom = access.sessionsValidFrom === null ? 0 : Math.floor(Date.parse(access.sessionsValidFrom) / 1000);
  return token.sessionGeneration === access.sessionGeneration && token.issuedAt >= validFrom;
}

/** The principal of an authenticated request. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) {
    throw unauthorized();
  }
  return request.principal;
}
