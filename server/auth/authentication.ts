import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { ProblemError } from '../http/ProblemError';
import type { RevokedTokens } from './RevokedTokens';
import type { TokenSigner } from './tokens';

/** Who sent a request: from its verified, unrevoked token. */
export interface Principal {
  userId: string;
  tenantId: string;
  tokenId: string;
  expiresAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

const BEARER = /^Bearer +([A-Za-z0-9._~+/-]+=*)$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function unauthorized(error?: 'invalid_token'): ProblemError {
  return new ProblemError('unauthorized', {
    headers: { 'www-authenticate': error ? `Bearer error="${error}"` : 'Bearer' },
  });
}

/**
 * The hook that admits only requests with a valid token: `Authorization: Bearer <JWT>`, signature
 * right, not expired, not revoked. Anything else is a 401 problem with `WWW-Authenticate: Bearer`.
 */
export function authenticate(deps: { signer: TokenSigner; revokedTokens: RevokedTokens; clock: () => Date }): onRequestHookHandler {
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
    if (!check.valid || !UUID.test(check.claims.jti) || !UUID.test(check.claims.sub) || !UUID.test(check.claims.tenant)) {
      throw unauthorized('invalid_token');
    }
    if (await deps.revokedTokens.isRevoked(check.claims.jti)) {
      throw unauthorized('invalid_token');
    }
    request.principal = {
      userId: check.claims.sub,
      tenantId: check.claims.tenant,
      tokenId: check.claims.jti,
      expiresAt: new Date(check.claims.exp * 1000),
    };
  };
}

/** The principal of an authenticated request. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) {
    throw unauthorized();
  }
  return request.principal;
}
