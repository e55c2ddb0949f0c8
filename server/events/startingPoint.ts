import type { EventPosition } from './EventLog';

/** Where a stream starts: after which id, and whether it must tell the client to reload first. */
export interface StartingPoint {
  after: number;
  reset: boolean;
}

const EVENT_ID = /^\d{1,15}$/;

/**
 * Where a stream that asked to resume after `lastEventId` starts. With an id the backend can resume
 * from (the tenant's last id, or one whose successor is still kept): after it. Otherwise (none: a first
 * connection; or one that was pruned, is beyond the last id — another tenant's or server's, or
 * garbage — or is no number at all): with a `reset` carrying the tenant's last id (EventSource
 * semantics: never a 400), then the next event. The reset's id tells a client whether what it has
 * read (a list answer carries its `lastEventId`) is older than the stream, so that a change made
 * between the two is never missed.
 */
export function startingPoint(lastEventId: string | undefined, position: EventPosition): StartingPoint {
  if (lastEventId === undefined || lastEventId === '') {
    return { after: position.lastId, reset: true };
  }
  const asked = EVENT_ID.test(lastEventId) ? Number(lastEventId) : Number.NaN;
  const resumable =
    asked === position.lastId || (asked < position.lastId && position.oldestId !== null && asked >= position.oldestId - 1);
  return resumable ? { after: asked, reset: false } : { after: position.lastId, reset: true };
}
