import type { Disposable } from '../../shared/Disposable';
import { DisposableCollection } from '../../shared/Disposable';
import { REVOCATION_CHANNEL, type RevokedTokens } from '../auth/RevokedTokens';
import { SESSIONS_ENDED_CHANNEL, type UserRepository } from '../users/UserRepository';
import type { OpenStreams } from './OpenStreams';
import type { PostgresNotifications } from './PostgresNotifications';

export interface StreamRevocationsDeps {
  notifications: PostgresNotifications;
  streams: Pick<OpenStreams, 'closeToken' | 'tokenIds' | 'closeSessionsBefore' | 'userIds'>;
  revokedTokens: Pick<RevokedTokens, 'revokedAmong'>;
  users: Pick<UserRepository, 'sessionGenerations'>;
  onError: (error: unknown, message: string) => void;
}

/** `<user id> <session generation>` as `UserRepository.changePassword` announces it; null for anything else. */
function endedSessions(payload: string): { userId: string; sessionGeneration: number } | null {
  const match = /^([0-9a-f-]{36}) (\d{1,12})$/i.exec(payload);
  return match?.[1] && match[2] ? { userId: match[1], sessionGeneration: Number(match[2]) } : null;
}

/**
 * Ends this process's event streams of tokens that no longer count, whichever process on the same
 * PostgreSQL made it so: a logout stores the revocation and notifies `revoked_tokens` with the token's
 * id in one statement (`RevokedTokens.revoke`); a changed password ends the user's other sessions
 * and notifies `ended_sessions` (`UserRepository.changePassword`). Every process's listening
 * connection hears it when it commits, within milliseconds. The process that handled the request
 * ends its own streams at once as well.
 *
 * Notifications sent while the listening connection was down are lost: once it listens again, the
 * tokens and users of the streams still open here are checked against the database.
 */
export function endRevokedStreams(deps: StreamRevocationsDeps): Disposable {
  const subscriptions = new DisposableCollection();
  subscriptions.add(
    deps.notifications.subscribe(REVOCATION_CHANNEL, {
      notified: (jti) => deps.streams.closeToken(jti),
      listening: async (reconnected) => {
        if (!reconnected) return;
        const open = deps.streams.tokenIds();
        if (open.length === 0) return;
        for (const jti of await deps.revokedTokens.revokedAmong(open)) {
          deps.streams.closeToken(jti);
        }
      },
    }),
  );
  subscriptions.add(
    deps.notifications.subscribe(SESSIONS_ENDED_CHANNEL, {
      notified: (payload) => {
        const ended = endedSessions(payload);
        if (ended) deps.streams.closeSessionsBefore(ended.userId, ended.sessionGeneration);
        else deps.onError(new Error(`unreadable notification ${JSON.stringify(payload.slice(0, 100))}`), `${SESSIONS_ENDED_CHANNEL}: ignored`);
      },
      listening: async (reconnected) => {
        if (!reconnected) return;
        const open = deps.streams.userIds();
        if (open.length === 0) return;
        for (const [userId, sessionGeneration] of await deps.users.sessionGenerations(open)) {
          deps.streams.closeSessionsBefore(userId, sessionGeneration);
        }
      },
    }),
  );
  return subscriptions;
}
