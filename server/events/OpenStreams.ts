import { randomUUID } from 'node:crypto';
import type { Disposable } from '../../shared/Disposable';
import type { RunningTask } from '../cluster/LeasedTask';
import { KeyedSets } from './KeyedSets';
import type { StreamPlaces } from './StreamPlaces';

/** Why the backend ends a stream; `displaced`: newer streams of its token took its place. */
export type StreamEnd = 'revoked' | 'expired' | 'server' | 'displaced';

export interface ClosableStream {
  close(reason: StreamEnd): void;
}

/** The token a stream was opened with: its id (`jti`), its user and the number of the user's sessions it belongs to. */
export interface StreamToken {
  id: string;
  userId: string;
  sessionGeneration: number;
}

/** Sessions that ended: a token's (logout, revocation), or a user's before a session generation (a changed password). */
export type EndedSessions = { tokenId: string } | { userId: string; sessionGeneration: number };

/** A stream in the registry until disposed (disposing gives its place up). */
export interface StreamRegistration extends Disposable {
  /**
   * Settles once the stream has its place among its token's streams, with the others it displaced
   * ended; fails when the database did not take it. While this process may not open streams (its
   * lease is not held, or it is closing), the stream is ended (`server`) before this settles.
   */
  readonly placed: Promise<void>;
}

/**
 * The open event streams of this process by the id (`jti`) of the token that opened them and by its
 * user: a logout ends the streams of its token, a changed password those of the user's other
 * tokens, and closing the server ends all of them.
 *
 * A token keeps at most `maxPerToken` streams on all processes together, counted in the database
 * (`StreamPlaces`): a newer one ends the oldest (`displaced`), wherever it is open, rather than
 * being refused. A reloaded tab leaves its old connection behind, often half-open, and the backend
 * cannot tell it from a live one until TCP gives up (minutes); refusing would keep the fresh tab
 * without live changes meanwhile, whereas ending the oldest costs a dead connection nothing and a live
 * one a reconnect that resumes with `Last-Event-ID` (nothing is lost). The bound holds either way.
 *
 * Streams open only while this process's places count (`admit`, under its lease): when the lease
 * lapses, every stream ends, since other processes no longer count it.
 *
 * Only this process's streams: with several processes on one PostgreSQL, a revocation and a
 * displacement reach the others by a notification (see endRevokedStreams.ts, endDisplacedStreams.ts).
 */
export class OpenStreams {
  private readonly byToken = new KeyedSets<string, ClosableStream>();
  private readonly byUser = new KeyedSets<string, { stream: ClosableStream; sessionGeneration: number }>();
  private readonly byId = new Map<string, ClosableStream>();
  /** The streams that have their place, by id. */
  private readonly placed = new Set<string>();
  /** Places being taken or given up. */
  private readonly pending = new Set<Promise<unknown>>();
  private admitted = false;
  private readonly endedSessionsListeners = new Set<(ended: EndedSessions) => void>();

  constructor(
    private readonly places: Pick<StreamPlaces, 'holder' | 'take' | 'release' | 'releaseAll' | 'heldAmong'>,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /**
   * Streams may open from now on: this process's places count (its lease is held). Places an earlier
   * admission left (its end could not give them up) go first. Stopping the answer ends every stream
   * and gives their places up.
   */
  async admit(): Promise<RunningTask> {
    await this.places.releaseAll();
    this.admitted = true;
    return { stop: () => this.withdraw() };
  }

  /** Registers `stream` of `token` and takes its place, ending the streams it displaces on this process. */
  add(token: StreamToken, stream: ClosableStream): StreamRegistration {
    const id = randomUUID();
    const byToken = this.byToken.add(token.id, stream);
    const byUser = this.byUser.add(token.userId, { stream, sessionGeneration: token.sessionGeneration });
    this.byId.set(id, stream);
    const admitted = this.admitted;
    const placing = admitted
      ? this.track(this.places.take(id, token.id)).then((displaced) => {
          if (this.byId.has(id)) this.placed.add(id);
          for (const other of displaced) {
            if (other.holder === this.places.holder) this.closeDisplaced(other.id);
          }
        })
      : // Ended once the caller holds the registration, so that ending it disposes the registration too.
        Promise.resolve().then(() => stream.close('server'));
    let disposed = false;
    return {
      placed: placing,
      dispose: () => {
        if (disposed) return;
        disposed = true;
        byToken.dispose();
        byUser.dispose();
        this.byId.delete(id);
        this.placed.delete(id);
        // Not admitted any more: `withdraw` gives every place up at once.
        if (admitted && this.admitted) {
          this.track(placing.catch(() => undefined).then(() => this.places.release(id))).catch(this.onError);
        }
      },
    };
  }

  /** Ends the stream `id` if it is open here: a newer stream of its token took its place. */
  closeDisplaced(id: string): void {
    this.byId.get(id)?.close('displaced');
  }

  /**
   * Ends the streams here whose place is gone (notifications of their displacement were missed while
   * the listening connection was down, or the table was emptied by a crash of the database server).
   */
  async closeUnplaced(): Promise<void> {
    const placed = [...this.placed];
    const held = await this.places.heldAmong(placed);
    for (const id of placed) {
      if (!held.has(id)) this.closeDisplaced(id);
    }
  }

  /** The users who have open streams here. */
  userIds(): string[] {
    return this.byUser.keys();
  }

  /**
   * Hears of every session this process learns has ended (through `closeToken` and
   * `closeSessionsBefore`, whether a request here or a notification from another process ended it),
   * streams open here or not: what else a session holds (presence) goes with it.
   */
  onDidEndSessions(listener: (ended: EndedSessions) => void): Disposable {
    this.endedSessionsListeners.add(listener);
    return { dispose: () => this.endedSessionsListeners.delete(listener) };
  }

  /** Ends the streams of the user's tokens of sessions before the `sessionGeneration`th (users.session_generation). */
  closeSessionsBefore(userId: string, sessionGeneration: number): void {
    for (const open of this.byUser.valuesOf(userId)) {
      if (open.sessionGeneration < sessionGeneration) {
        open.stream.close('revoked');
      }
    }
    this.tellEnded({ userId, sessionGeneration });
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
    this.tellEnded({ tokenId });
  }

  private tellEnded(ended: EndedSessions): void {
    for (const listener of this.endedSessionsListeners) {
      try {
        listener(ended);
      } catch (error) {
        this.onError(error);
      }
    }
  }

  /** Ends every stream, and opens none any more (the server is closing, or the lease lapsed). */
  closeAll(): void {
    this.admitted = false;
    for (const stream of this.byToken.allValues()) {
      stream.close('server');
    }
  }

  private async withdraw(): Promise<void> {
    this.closeAll();
    await Promise.allSettled([...this.pending]);
    await this.places.releaseAll();
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    void work.then(
      () => this.pending.delete(work),
      () => this.pending.delete(work),
    );
    return work;
  }
}
