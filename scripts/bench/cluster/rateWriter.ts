// The writing process of the cluster bench's fan-out: order changes at a fixed rate through the API
// as the console makes them (`PATCH /api/orders/{id}` with `If-Match`, the new version from the
// answer's ETag), spread over the backends and the tenants, driven over IPC. Each change names its
// number in `station` (`C-<n>`), so that the clients can match what they read with its answer here.
import http from 'node:http';
import type { WriterOrder } from './api';
import { patchStation, readVersion } from './writeBackend';
import { LatencyHistogram } from '../shared/latencyHistogram';

export interface WriterJob {
  urls: string[];
  /** A token per tenant. */
  tokens: string[];
  /** The orders changed, per tenant: one change per order at a time. */
  orders: WriterOrder[][];
  rate: number;
  seconds: number;
  /** Ends every station written (`C-<n>-<tag>`): a station another run wrote is no change. */
  tag: string;
  /** At most this many changes under way; further ones wait, and those not sent after `seconds` are dropped (the rate reached then says so). */
  maxInFlight: number;
}

export interface WriterResult {
  /** Changes answered 200 (committed and acknowledged), per tenant. */
  acknowledged: number[];
  /** Answered otherwise (412 when a change whose answer was lost had committed after all, …). */
  refused: number;
  /** No answer (the backend died): committed or not. */
  unanswered: number;
  sent: number;
  /** From the first change sent to the last one sent (at most `seconds`), and to the last answer. */
  sendingSeconds: number;
  seconds: number;
  /** PATCH sent → answer arrived, ms, of the acknowledged changes. */
  answer: [number, number][];
  /** When the answer of each acknowledged change arrived (`Date.now()`), by sequence number (the `C-<n>` of its station). */
  answeredAt: (number | null)[];
}

export type ToWriter = { type: 'run'; job: WriterJob };
export type FromWriter = { type: 'ready' } | { type: 'done'; result: WriterResult };


async function run(job: WriterJob): Promise<WriterResult> {
  const agents = job.urls.map(() => new http.Agent({ keepAlive: true, maxSockets: 64 }));
  const alive = job.urls.map(() => true);
  const free = job.orders.map((orders) => [...orders]);
  const answer = new LatencyHistogram();
  const answeredAt: (number | null)[] = [];
  const acknowledged = job.tokens.map(() => 0);
  let refused = 0;
  let unanswered = 0;
  let inFlight = 0;
  let sent = 0;
  let lastSentAt = 0;
  let total = Math.round(job.rate * job.seconds);
  const liveIndexes = () => alive.flatMap((up, index) => (up ? [index] : []));

  /** After a lost answer: the order's version as a backend that is up has it. */
  const resync = async (tenant: number, order: WriterOrder): Promise<void> => {
    for (let tries = 0; tries < 10; tries++) {
      const live = liveIndexes();
      const index = live[tries % live.length] ?? 0;
      try {
        const { status, version } = await readVersion(job.urls[index] as string, agents[index] as http.Agent, job.tokens[tenant] as string, order);
        if (status === 200 && version !== undefined) {
          order.version = version;
          return;
        }
      } catch {
        alive[index] = false;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  const change = async (seq: number): Promise<void> => {
    const tenant = seq % job.tokens.length;
    const order = free[tenant]?.shift();
    if (!order) {
      refused++;
      return;
    }
    const live = liveIndexes();
    const index = live[Math.floor(seq / job.tokens.length) % live.length] ?? 0;
    const started = performance.now();
    try {
      const { status } = await patchStation(job.urls[index] as string, agents[index] as http.Agent, job.tokens[tenant] as string, order, `C-${seq}-${job.tag}`);
      if (status === 200) {
        acknowledged[tenant] = (acknowledged[tenant] ?? 0) + 1;
        answer.add(performance.now() - started);
        answeredAt[seq] = Date.now();
      } else {
        refused++;
      }
    } catch {
      alive[index] = false;
      unanswered++;
      await resync(tenant, order);
    } finally {
      free[tenant]?.push(order);
    }
  };

  const started = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const elapsed = performance.now() - started;
      if (elapsed > job.seconds * 1000 && sent < total) {
        // Time is up: what the backends did not take meanwhile is not sent (the rate reached tells).
        total = sent;
        if (inFlight === 0) resolve();
        return;
      }
      const due = Math.min(total, Math.floor((elapsed * job.rate) / 1000) + 1);
      while (sent < due && inFlight < job.maxInFlight) {
        const seq = sent++;
        lastSentAt = performance.now();
        inFlight++;
        void change(seq).finally(() => {
          inFlight--;
          if (sent === total && inFlight === 0) resolve();
        });
      }
      if (sent < total) setTimeout(tick, 2);
    };
    tick();
  });
  const seconds = (performance.now() - started) / 1000;
  for (const agent of agents) agent.destroy();
  return { acknowledged, refused, unanswered, sent, sendingSeconds: (lastSentAt - started) / 1000, seconds, answer: answer.toPairs(), answeredAt: Array.from(answeredAt, (at) => at ?? null) };
}

process.on('message', (message: ToWriter) => {
  if (message.type !== 'run') return;
  void run(message.job).then((result) => {
    process.send?.({ type: 'done', result } satisfies FromWriter, undefined, {}, () => process.disconnect?.());
  });
});
// Started before the run, so that its start does not eat into the run's time.
process.send?.({ type: 'ready' } satisfies FromWriter);
