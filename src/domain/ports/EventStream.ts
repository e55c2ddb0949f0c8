import type { Disposable } from '../model/Disposable';

export type EventStreamState = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'offline' | 'failed';

/** One server-sent event of `GET /api/events`. */
export interface ServerEvent {
  id: string;
  type: string;
  data: unknown;
}

/**
 * The live stream of changes (`GET /api/events`), opened after login (spec). It resumes after a
 * drop with `Last-Event-ID` so that no event is lost. Implemented in the live-session work.
 */
export interface EventStream {
  readonly state: EventStreamState;
  open(): void;
  close(): void;
  onDidReceiveEvent(listener: (event: ServerEvent) => void): Disposable;
}

export const EventStream = Symbol('EventStream');
