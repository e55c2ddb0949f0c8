import type { Disposable } from '../../shared/Disposable';
import { KeyedSets } from './KeyedSets';

/** Why the backend ends a stream; `displaced`: newer streams of its token took its place. */
export type StreamEnd = 'revoked' | 'expired' | 'server' | 'displaced';

/** Open streams per token: a console needs one per tab. */
export const DEFAULT_MAX_STREAMS_PER_TOKEN = 10;

export interface ClosableStream {
  close(reason: StreamEnd): void;
}

/**
 * The open event streams of this process by the id (`jti`) of the token that opened them: a logout
 * ends the streams of its token, and closing the server ends all of them.
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

  constructor(private readonly maxPerToken = DEFAULT_MAX_STREAMS_PER_TOKEN) {}

  /** Registers `stream` of the token `tokenId`, ending its oldest streams beyond `maxPerToken`. */
  add(tokenId: string, stream: ClosableStream): Disposable {
    const registration = this.byToken.add(tokenId, stream);
    const streams = this.byToken.valuesOf(tokenId);
    for (const oldest of streams.slice(0, Math.max(0, streams.length - this.maxPerToken))) {
      oldest.close('displaced');
    }
    return registration;
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
