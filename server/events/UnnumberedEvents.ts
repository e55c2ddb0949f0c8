import type { Disposable } from '../../shared/Disposable';
import { KeyedSets } from './KeyedSets';
import { unnumberedBlock } from './serverSentEvents';

/** A stream that takes events without an id (LiveStream.ts). */
export interface UnnumberedSink {
  sendUnnumbered(block: string): void;
}

/** One event without an id: its type and its data as one line of JSON text. */
export interface UnnumberedEvent {
  type: string;
  data: string;
}

/** What a stream of a tenant is told when it opens (the current state of something, such as presence). */
export type Greeting = (tenantId: string) => readonly UnnumberedEvent[];

/**
 * The event streams of this process by tenant, for events that carry no id: states held in memory
 * (presence), sent to the streams open now and told to each that opens, never stored or replayed.
 * The numbered order events go their own way (EventHub.ts, LiveStream.ts).
 */
export class UnnumberedEvents {
  private readonly streams = new KeyedSets<string, UnnumberedSink>();
  private readonly greetings = new Set<Greeting>();

  /** Registers a stream of `tenantId` until disposed; it is told the greetings' states first. */
  add(tenantId: string, sink: UnnumberedSink): Disposable {
    for (const greeting of this.greetings) {
      for (const event of greeting(tenantId)) sink.sendUnnumbered(unnumberedBlock(event.type, event.data));
    }
    return this.streams.add(tenantId, sink);
  }

  /** Sends `event` to every stream of `tenantId` open in this process. */
  send(tenantId: string, event: UnnumberedEvent): void {
    const streams = this.streams.valuesOf(tenantId);
    if (streams.length === 0) return;
    const block = unnumberedBlock(event.type, event.data);
    for (const stream of streams) stream.sendUnnumbered(block);
  }

  /** What each stream that opens from now on is told first. */
  greetWith(greeting: Greeting): Disposable {
    this.greetings.add(greeting);
    return { dispose: () => this.greetings.delete(greeting) };
  }
}
