// A load generator process of the cluster bench: many event-stream clients (EventClient) in one
// process, driven by the parent over IPC. Kept out of the parent so that the measuring and the
// writing do not wait for the clients' parsing, and vice versa. Every event read is kept (its
// change's number and read time) until the run ends, when the writer's answer times come: then each
// is matched to the moment its change was known committed.
import http from 'node:http';
import { type ClientSummary, EventClient, type EventSink } from './eventClient';
import { LatencyHistogram } from '../shared/latencyHistogram';

export interface ClientSpec {
  tenant: number;
  /** The backend (index of `urls`) it opens its stream on first. */
  home: number;
  token: string;
}

export type ToClients =
  | { type: 'open'; urls: string[]; clients: ClientSpec[] }
  | { type: 'expect'; lastIds: number[] }
  | { type: 'phase'; phase: number }
  | { type: 'progress' }
  /** `answeredAt[n]`: when the writer had change n's answer (`Date.now()`), null without one. */
  | { type: 'finish'; answeredAt: (number | null)[] };

/** Histograms as `[ms, count]` pairs by `<phase>:stayed|moved`. */
export type HistogramPairs = Record<string, [number, number][]>;

export type FromClients =
  | { type: 'opened' }
  | { type: 'expecting' }
  | { type: 'progress'; lastIds: number[] }
  | {
      type: 'result';
      summaries: ClientSummary[];
      /** Answer at the writer → read by a client. */
      commit: HistogramPairs;
      /** Of those, read before the writer had the answer (counted as 0 ms). */
      early: Record<string, number>;
      /** Events whose change had no answer (its backend was killed): not in `commit`. */
      unmatched: number;
      /** The order's `updatedAt` → read by a client. */
      sinceUpdatedAt: HistogramPairs;
    };

let phase = 0;
let clients: EventClient[] = [];
const sinceUpdatedAt = new Map<string, LatencyHistogram>();
/** Read times by group, then by change number. */
const arrivals = new Map<string, Map<number, number[]>>();

const groupOf = (moved: boolean) => `${phase}:${moved ? 'moved' : 'stayed'}`;

function histogramIn(map: Map<string, LatencyHistogram>, key: string): LatencyHistogram {
  let histogram = map.get(key);
  if (!histogram) {
    histogram = new LatencyHistogram();
    map.set(key, histogram);
  }
  return histogram;
}

const sink: EventSink = {
  sinceUpdatedAt: (ms, moved) => histogramIn(sinceUpdatedAt, groupOf(moved)).add(ms),
  arrived: (change, at, moved) => {
    const key = groupOf(moved);
    let byChange = arrivals.get(key);
    if (!byChange) {
      byChange = new Map();
      arrivals.set(key, byChange);
    }
    const times = byChange.get(change);
    if (times) times.push(at);
    else byChange.set(change, [at]);
  },
};

function pairsOf(map: Map<string, LatencyHistogram>): HistogramPairs {
  return Object.fromEntries([...map].map(([key, histogram]) => [key, histogram.toPairs()]));
}

function finish(answeredAt: readonly (number | null)[]): FromClients {
  for (const client of clients) client.close();
  const commit = new Map<string, LatencyHistogram>();
  const early: Record<string, number> = {};
  let unmatched = 0;
  for (const [key, byChange] of arrivals) {
    const histogram = histogramIn(commit, key);
    for (const [change, times] of byChange) {
      const answered = answeredAt[change];
      if (answered === null || answered === undefined) {
        unmatched += times.length;
        continue;
      }
      for (const at of times) {
        histogram.add(at - answered);
        if (at < answered) early[key] = (early[key] ?? 0) + 1;
      }
    }
  }
  return { type: 'result', summaries: clients.map((client) => client.summary()), commit: pairsOf(commit), early, unmatched, sinceUpdatedAt: pairsOf(sinceUpdatedAt) };
}

function send(message: FromClients, then?: () => void): void {
  process.send?.(message, undefined, {}, () => then?.());
}

process.on('message', (message: ToClients) => {
  switch (message.type) {
    case 'open': {
      const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
      clients = message.clients.map((spec) => new EventClient(message.urls, spec.tenant, spec.home, spec.token, agent, sink));
      void Promise.all(clients.map((client) => client.opened)).then(() => send({ type: 'opened' }));
      break;
    }
    case 'expect':
      for (const client of clients) client.expectAfter(message.lastIds[client.tenant] ?? 0);
      send({ type: 'expecting' });
      break;
    case 'phase':
      phase = message.phase;
      break;
    case 'progress': {
      // The lowest id every client of a tenant has reached.
      const lastIds: number[] = [];
      for (const client of clients) lastIds[client.tenant] = Math.min(lastIds[client.tenant] ?? Infinity, client.last);
      send({ type: 'progress', lastIds: lastIds.map((id) => (Number.isFinite(id) ? id : -1)) });
      break;
    }
    case 'finish':
      // Disconnected only once the answer has been handed over.
      send(finish(message.answeredAt), () => process.disconnect?.());
      break;
  }
});
