import type { Disposable } from '../../shared/Disposable';
import { KeyedSets } from './KeyedSets';

/** Why the backend ends a stream; `displaced`: newer streams of its token took its place. */
export type StreamEnd = 'revoked' | 'expired' | 'server' | 'displaced';

/** Open streams per token: a console needs one per tab. */
export const DEFAULT_MAX_STREAMS_PER_TOKEN = 10;

export interface ClosableStream {
  close(reason: StreamEnd): void;
}

/** The token a stream was opened with: its id (`jti`), its user and the number of the user's sessions it belongs to. */
export interface StreamToken {
  id: string;
  userId: string;
  sessionGeneration: number;
}

/**
 * The open event streams of this process by the id (`jti`) of the token that opened them and by its
 * user: a logout ends the streams of its token, a changed password those of the user's other
 * tokens, and closing the server ends all of them.
 *
 * A token keeps at most `maxPerToken` streams: a newer one ends the oldest (`displaced`) rather than
 * being refused. A reloaded tab leaves its old connection behind, often half-open, and the backend
 * cannot tell it from a live one until TCP gives up (minutes); refusing would keep the fresh tab
 * without live changes meanwhile, whereas ending the oldest costs a dead connection nothing and a live
 * one a reconnect that resumes with `Last-Event-ID` (nothing is lost). The bound holds either way.
 *
 * Only this process's streams: with several processes on one PostgreSQL, a revocation reaches the
 * others by a notification (see endRevokedStreams.ts).
 */
export class OpenStreams {
  private readonly byToken = new KeyedSets<string, ClosableStream>();
  private readonly byUser = new KeyedSets<string, { stream: ClosableStream; sessionGeneration: number }>();

  constructor(private readonly maxPerToken = DEFAULT_MAX_STREAMS_PER_TOKEN) {}

  /** Registers `stream` of `token`, ending the token's oldest streams beyond `maxPerToken`. */
  add(token: StreamToken, stream: ClosableStream): Disposable {
    const byToken = this.byToken.add(token.id, stream);
    const byUser = this.byUser.add(token.userId, { stream, sessionGeneration: token.sessionGeneration });
    const streams = this.byToken.valuesOf(token.id);
    for (const oldest of streams.slice(0, Math.max(0, streams.length - this.maxPerToken))) {
      oldest.close('displaced');
    }
    return {
      dispose: () => {
        byToken.dispose();
        byUser.dispose();
      },
    };
  }

  /** The users who have open streams here. */
  userIds(): string[] {
    return this.byUser.keys();
  }

  /** Ends the streams of the user's tokens of sessions before the `sessionGeneration`th (users.session_generation). */
  closeSessionsBefore(userId: string, sessionGeneration: number): void {
    for (const open of this.byUser.valuesOf(userId)) {
      if (open.sessionGeneration < sessionGeneration) {
        open.stream.close('revoked');
      }
    }
  }

  /** The ids of the tokens that have open streams here. */
  tokenIds(): string[] {
    return this.byToken.keys();
  }

  /** Ends every stream opened with the token `tokenId`. */
  closeToken(tokenId: string): void {
    for (const stream of this.byToken.valuesOf(tokenId)) {
      stream.close('revoked');
    }
  }

  /** Ends every stream (the server is closing). */
  closeAll(): void {
    for (const stream of this.byToken.allValues()) {
      stream.close('server');
    }
  }
}
