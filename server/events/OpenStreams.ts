import type { Disposable } from '../../src/domain/model/Disposable';
import { KeyedSets } from './KeyedSets';

/** Why the backend ends a stream. */
export type StreamEnd = 'revoked' | 'expired' | 'server';

export interface ClosableStream {
  close(reason: StreamEnd): void;
}

/**
 * The open event streams of this process by the id (`jti`) of the token that opened them: a logout
 * ends the streams of its token, and closing the server ends all of them.
 *
 * Only this process's streams: with several processes, a revocation must reach the others too
 * (e.g. a NOTIFY on revocation, or a revocation check at every ping), see EventHub.ts.
 */
export class OpenStreams {
  private readonly byToken = new KeyedSets<string, ClosableStream>();

  add(tokenId: string, stream: ClosableStream): Disposable {
    return this.byToken.add(tokenId, stream);
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
