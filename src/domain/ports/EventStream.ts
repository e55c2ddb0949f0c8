import type { Disposable } from '../../../shared/Disposable';
import type { RefusedRequest } from './HttpClient';

/**
 * Where the live stream stands, shown in the header:
 * - `idle`: not opened (no session) or closed;
 * - `connecting`: the first connection of this session is being made;
 * - `live`: connected, events arrive;
 * - `reconnecting`: the connection dropped, the next attempt waits for its backoff;
 * - `offline`: the browser reports no network; the stream resumes when it comes back;
 * - `failed`: stopped for good until the next `open()` (an answer that is not an event stream).
 */
export type EventStreamState = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'offline' | 'failed';

/**
 * One server-sent event of `GET /api/events`: `order.created`, `order.updated`, `order.deleted`,
 * `presence` (who has an order open, data `OrderPresence` of shared/OrderPresence.ts, without an id), or
 * `reset` (the stream cannot tell what changed before it: the receiver reloads what it shows, unless
 * what it shows was read with every change up to the reset's id in it). The backend starts every
 * connection made without `Last-Event-ID` (the first of a session) with a `reset`, so that a change
 * made between loading a list and opening the stream is never missed.
 */
export interface ServerEvent {
  /**
   * The event id: the last id before what follows (a `reset`'s id: the one the stream goes on after).
   * Empty for an event sent without one (`presence`: a state, never replayed), which does not move
   * where the stream resumes.
   */
  id: string;
  type: string;
  data: unknown;
}

/**
 * The live stream of changes (`GET /api/events`), opened after login. It reconnects by
 * itself and resumes with `Last-Event-ID`, so that no event is lost across a drop.
 * `state` and `errorKey` are observable.
 */
export interface EventStream {
  readonly state: EventStreamState;
  /** Translation key of the reason when `state` is `failed`, else null. */
  readonly errorKey: string | null;
  /** Connects with the session's token, which it carries until `close()`; does nothing while already open. */
  open(token: string): void;
  /** Disconnects and forgets where it was: the next `open()` starts a new session's stream. */
  close(): void;
  /**
   * Goes on with the session's renewed token: connects again with it at once, resuming after the
   * last event handled (nothing missed, nothing twice), also when the old token's end stopped it.
   */
  renew(token: string): void;
  /**
   * Listeners run synchronously for each event, in order. The event's id counts as received (it is
   * sent as `Last-Event-ID` on resume) only after every listener returned.
   */
  onDidReceiveEvent(listener: (event: ServerEvent) => void): Disposable;
  /** Fires when the backend refused the stream with 401 (the global rule logs out); the stream stops. */
  onDidReceiveUnauthorized(listener: (event: RefusedRequest) => void): Disposable;
}

export const EventStream = Symbol('EventStream');
