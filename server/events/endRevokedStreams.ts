import type { Disposable } from '../../shared/Disposable';
import { REVOCATION_CHANNEL, type RevokedTokens } from '../auth/RevokedTokens';
import type { OpenStreams } from './OpenStreams';
import type { PostgresNotifications } from './PostgresNotifications';

export interface StreamRevocationsDeps {
  notifications: PostgresNotifications;
  streams: Pick<OpenStreams, 'closeToken' | 'tokenIds'>;
  revokedTokens: Pick<RevokedTokens, 'revokedAmong'>;
  onError: (error: unknown, message: string) => void;
}

/**
 * Ends this process's event streams of tokens revoked by any process on the same PostgreSQL: a
 * logout stores the revocation and notifies `revoked_tokens` with the token's id in one statement
 * (`RevokedTokens.revoke`), and every process's listening connection hears it when it commits,
 * within milliseconds. The process that handled the logout ends its own streams at once as well.
 *
 * Notifications sent while the listening connection was down are lost: once it listens again, the
 * tokens of the streams still open here are checked against `revoked_tokens`.
 */
export function endRevokedStreams(deps: StreamRevocationsDeps): Disposable {
  return deps.notifications.subscribe(REVOCATION_CHANNEL, {
    notified: (jti) => deps.streams.closeToken(jti),
    listening: async (reconnected) => {
      if (!reconnected) return;
      const open = deps.streams.tokenIds();
      if (open.length === 0) return;
      for (const jti of await deps.revokedTokens.revokedAmong(open)) {
        deps.streams.closeToken(jti);
      }
    },
  });
}
