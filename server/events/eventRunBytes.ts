import type { StoredEvent } from './EventHub';
import { eventBlock } from './serverSentEvents';

/** The text of each live event, made once however many streams write it (keyed by the hub's object). */
const blocks = new WeakMap<StoredEvent, string>();
/**
 * The bytes of a run of events from its first to its last (the same objects for every stream of the
 * tenant): the last two runs made from each first event (a live flush and a batch of catching up may
 * start at the same event).
 */
const runs = new WeakMap<StoredEvent, { last: StoredEvent; bytes: Buffer }[]>();

function blockOf(event: StoredEvent): string {
  let block = blocks.get(event);
  if (block === undefined) {
    block = eventBlock(event.id, event.type, event.data);
    blocks.set(event, block);
  }
  return block;
}

/** One write of consecutive events: shared by every stream that writes the same run in a flush. */
export function runOf(events: readonly StoredEvent[]): Buffer {
  const first = events[0] as StoredEvent;
  const last = events[events.length - 1] as StoredEvent;
  const cached = runs.get(first);
  const hit = cached?.find((run) => run.last === last);
  if (hit) return hit.bytes;
  let text = '';
  for (const event of events) text += blockOf(event);
  const bytes = Buffer.from(text, 'utf8');
  if (cached) {
    if (cached.length >= 2) cached.shift();
    cached.push({ last, bytes });
  } else {
    runs.set(first, [{ last, bytes }]);
  }
  return bytes;
}
