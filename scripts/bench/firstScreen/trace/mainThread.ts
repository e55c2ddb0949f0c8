// The trace's page main thread and its CPU profile.
import { ROWS_MARK, type ProfileNode, type TraceData, type TraceEvent } from './traceEvents';

export interface Sample {
  ts: number;
  node: ProfileNode;
}

export interface MainThread {
  pid: number;
  tid: number;
  /** The trace time (µs) of the navigation's start (performance.now() = 0). */
  origin: number;
  rowsTs: number;
  events: TraceEvent[];
  samples: Sample[];
}

export function findMainThread(events: TraceEvent[]): MainThread {
  const mark = events.find((event) => event.name === 'TimeStamp' && String(event.args?.data?.message ?? '').startsWith(ROWS_MARK));
  if (!mark) {
    throw new Error('the trace holds no first-rows mark');
  }
  // `first-rows@<on screen>/<marked>`, both by the page's clock.
  const [rowsAt, markedAt] = String(mark.args?.data?.message).slice(ROWS_MARK.length).split('/').map(Number);
  const origin = mark.ts - (markedAt ?? 0) * 1000;
  const { pid, tid } = mark;
  const threadEvents = events.filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X').sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  return { pid, tid, origin, rowsTs: origin + (rowsAt ?? 0) * 1000, events: threadEvents, samples: profileSamples(events, pid, tid) };
}

/** The samples of the CPU profile recorded for the thread (Profile and ProfileChunk events). */
export function profileSamples(events: TraceEvent[], pid: number, tid: number): Sample[] {
  const profiles = new Map<string, { time: number; nodes: Map<number, ProfileNode>; samples: Sample[] }>();
  const samples: Sample[] = [];
  for (const event of events) {
    if (event.pid !== pid) {
      continue;
    }
    if (event.name === 'Profile' && event.id !== undefined && event.tid === tid) {
      profiles.set(event.id, { time: event.args?.data?.startTime ?? event.ts, nodes: new Map(), samples: [] });
    } else if (event.name === 'ProfileChunk' && event.id !== undefined) {
      const profile = profiles.get(event.id);
      if (!profile) {
        continue;
      }
      const data: TraceData = event.args?.data ?? {};
      for (const node of data.cpuProfile?.nodes ?? []) {
        node.nodes = profile.nodes;
        profile.nodes.set(node.id, node);
      }
      const ids = data.cpuProfile?.samples ?? [];
      const deltas = data.timeDeltas ?? [];
      ids.forEach((id, index) => {
        profile.time += deltas[index] ?? 0;
        const node = profile.nodes.get(id);
        if (node) {
          samples.push({ ts: profile.time, node });
        }
      });
    }
  }
  return samples.sort((a, b) => a.ts - b.ts);
}
