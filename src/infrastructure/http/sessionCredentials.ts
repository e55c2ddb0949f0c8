import type { SessionStore } from '../../domain/ports/SessionStore';

/** What a request says of the session it leaves for: its token (none when signed out) and the headers that carry it. */
export interface SessionCredentials {
  /** The token the request carries, kept with it: a 401 is matched to the session that sent it by this, not by reading headers back. */
  token: string | null;
  /** `Authorization: Bearer <token>` (when there is one) and `x-ui-locale` (the session's language). */
  headers: Record<string, string>;
}

/**
 * The credentials of a request leaving now, read from the session as it is at this moment: the one
 * rule of both transports (the HTTP client and the live stream).
 */
export function sessionCredentials(session: Pick<SessionStore, 'token' | 'language'>): SessionCredentials {
  const token = session.token ?? null;
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  headers['x-ui-locale'] = session.language;
  return { token, headers };
}
