// A load generator process of the cluster bench (scripts/bench-cluster.ts): many event-stream clients
// (BenchEventClient) in one process, driven by the parent over IPC. Kept out of the parent so that the
// measuring and the writing do not wait for the clients' parsing, and vice versa.
import http from 'node:http';
import { BenchEventClient, type ClientSummary } from './benchEventClient';
import { LatencyHistogram } from './latencyHistogram';

export interface ClientSpec {
  tenant: number;
  home: number;
  token: string;
  /** Records when each change arrived (see BenchEventClient.arrivals). */
  probe?: boolean;
}

export type ToClients =
  | { type: 'open'; urls: string[]; clients: ClientSpec[] }
  | { type: 'expect'; lastIds: number[] }
  | { type: 'phase'; phase: number }
  | { type: 'progress' }
  | { type: 'finish' };

export type FromClients =
  | { type: 'opened' }
  | { type: 'expecting' }
  | { type: 'progress'; lastIds: number[] }
  | { type: 'result'; summaries: ClientSummary[]; histograms: Record<string, [number, number][]>; arrivals: [number, number, number][][] };

/** Latencies by phase and by whether the client had moved to another backend: `<phase>:stayed|moved`. */
const histograms = new Map<string, LatencyHistogram>();
let phase = 0;
let clients: BenchEventClient[] = [];

/** The current phase's two histograms (stayed, moved), looked up once per phase rather than per event. */
let current: { phase: number; stayed?: LatencyHistogram; moved?: LatencyHistogram } | undefined;

function named(key: string): LatencyHistogram {
  let histogram = histograms.get(key);
  if (!histogram) {
    histogram = new LatencyHistogram();
    histograms.set(key, histogram);
  }
  return histogram;
}

function histogramFor(client: BenchEventClient): LatencyHistogram {
  if (current?.phase !== phase) current = { phase };
  if (client.hasMoved) return (current.moved ??= named(`${phase}:moved`));
  return (current.stayed ??= named(`${phase}:stayed`));
}

function send(message: FromClients): void {
  process.send?.(message);
}

process.on('message', (message: ToClients) => {
  switch (message.type) {
    case 'open': {
      const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
      clients = message.clients.map((spec) => {
        const client: BenchEventClient = new BenchEventClient(
          message.urls,
          spec.tenant,
          spec.home,
          spec.token,
          agent,
          () => histogramFor(client),
          spec.probe,
        );
        return client;
      });
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
    case 'finish': {
      for (const client of clients) client.close();
      const pairs: Record<string, [number, number][]> = {};
      for (const [key, histogram] of histograms) pairs[key] = histogram.toPairs();
      const arrivals = clients.flatMap((client) => (client.arrivals ? [client.arrivals] : []));
      // Disconnected only once the answer (megabytes at full scale) has been handed over.
      process.send?.({ type: 'result', summaries: clients.map((client) => client.summary()), histograms: pairs, arrivals } satisfies FromClients, undefined, {}, () =>
        process.disconnect?.(),
      );
      break;
    }
  }
});
