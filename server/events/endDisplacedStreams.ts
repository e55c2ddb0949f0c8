import type { Disposable } from '../../shared/Disposable';
import type { OpenStreams } from './OpenStreams';
import type { PostgresNotifications } from './PostgresNotifications';
import { DISPLACED_STREAMS_CHANNEL } from './StreamPlaces';

export interface DisplacedStreamsDeps {
  notifications: PostgresNotifications;
  streams: Pick<OpenStreams, 'closeDisplaced' | 'closeUnplaced'>;
}

/**
 * Ends this process's event streams that newer streams of their token opened on other processes
 * displaced: the opening deletes their places and notifies `displaced_streams` with each stream's id
 * (StreamPlaces.ts, migration 018), which every process's listening connection hears when it
 * commits; the one that has the stream open ends it. Only a displacement across processes notifies,
 * so an opening that displaces nothing (nearly all) sends nothing.
 *
 * Notifications sent while the listening connection was down are lost: once it listens again, the
 * streams still open here whose place is gone are ended.
 */
export function endDisplacedStreams(deps: DisplacedStreamsDeps): Disposable {
  return deps.notifications.subscribe(DISPLACED_STREAMS_CHANNEL, {
    notified: (id) => deps.streams.closeDisplaced(id),
    // A check that fails is reported by the listening connection (its onError): the database is away
    // then, and if it stays away this process's lease lapses, which ends every stream here.
    listening: (reconnected) => (reconnected ? deps.streams.closeUnplaced() : undefined),
  });
}
