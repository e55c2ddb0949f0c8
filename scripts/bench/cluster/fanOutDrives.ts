// What makes the events of a fan-out run: the writer process through the backends, or the floor
// server replaying the same stored events on the run's own schedule.
import type { ChildProcess } from 'node:child_process';
import { Client } from 'pg';
import { lastEventId } from './api';
import type { Driven } from './fanOutRun';
import { figuresOfHistogram, type LatencyFigures } from './figures';
import type { FloorEvent, FromFloor } from './floorStreams';
import { ask, forkChild, killChildren, nextMessage } from './ipc';
import type { FromWriter, WriterJob, WriterResult } from './rateWriter';
import { LatencyHistogram } from '../shared/latencyHistogram';

export interface WriterSummary {
  rateAsked: number;
  secondsAsked: number;
  sent: number;
  /** Changes sent per second while sending (a backlog of unanswered changes holds the sending back). */
  rateReached: number;
  acknowledged: number;
  refused: number;
  unanswered: number;
  /** PATCH sent → answer. */
  answer: LatencyFigures;
}

export interface WriterDriveOptions extends Omit<WriterJob, 'maxInFlight'> {
  /** A backend that is up when the writing ends (where the tenants' last ids are read). */
  liveUrl: () => string;
}

/** The writer's drive, its process started and ready; `summary` holds its figures once it has run. */
export async function writerDrive(options: WriterDriveOptions): Promise<{ drive: () => Promise<Driven>; summary: () => WriterSummary | undefined }> {
  let summary: WriterSummary | undefined;
  const writer: ChildProcess = forkChild('rateWriter.ts');
  try {
    await nextMessage<FromWriter, 'ready'>(writer, 'ready', 60_000);
  } catch (error) {
    killChildren([writer]);
    throw error;
  }
  const drive = async (): Promise<Driven> => {
    try {
      const done = nextMessage<FromWriter, 'done'>(writer, 'done', (options.seconds + 300) * 1000);
      writer.send({ type: 'run', job: { urls: options.urls, tokens: options.tokens, orders: options.orders, rate: options.rate, seconds: options.seconds, tag: options.tag, maxInFlight: 256 } });
      const written: WriterResult = (await done).result;
      const answer = new LatencyHistogram();
      answer.addPairs(written.answer);
      summary = {
        rateAsked: options.rate,
        secondsAsked: options.seconds,
        sent: written.sent,
        rateReached: written.sent / Math.max(written.sendingSeconds, 1 / options.rate),
        acknowledged: written.acknowledged.reduce((a, b) => a + b, 0),
        refused: written.refused,
        unanswered: written.unanswered,
        answer: figuresOfHistogram(answer),
      };
      const lastIds = await Promise.all(options.tokens.map((token) => lastEventId(options.liveUrl(), token)));
      return { answeredAt: written.answeredAt, lastIds };
    } finally {
      killChildren([writer]);
    }
  };
  return { drive, summary: () => summary };
}

/**
 * The stored events of each tenant after `before` up to `after` as the floor replays them: each
 * tenant's in id order (as its streams must get them), the tenants interleaved as they were written.
 */
export async function storedEvents(databaseUrl: string, tenantIds: readonly string[], before: readonly number[], after: readonly number[]): Promise<FloorEvent[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const byTenant = await Promise.all(
      tenantIds.map(async (tenantId, tenant) => {
        const { rows } = await client.query<{ id: string; type: string; data: string; at: Date }>(
          'SELECT id, type, data, created_at AS at FROM order_events WHERE tenant_id = $1::uuid AND id > $2 AND id <= $3 ORDER BY id',
          [tenantId, before[tenant] ?? 0, after[tenant] ?? 0],
        );
        return rows.map((row) => ({ tenant, id: Number(row.id), type: row.type, data: row.data, at: row.at.getTime() }));
      }),
    );
    const events: FloorEvent[] = [];
    const next = byTenant.map(() => 0);
    const first = Math.min(...byTenant.map((list) => list[0]?.at ?? Infinity));
    for (;;) {
      // The tenant whose next event was written first.
      let pick = -1;
      byTenant.forEach((list, tenant) => {
        const candidate = list[next[tenant] as number];
        const best = pick < 0 ? undefined : byTenant[pick]?.[next[pick] as number];
        if (candidate && (!best || candidate.at < best.at)) pick = tenant;
      });
      if (pick < 0) return events;
      const event = byTenant[pick]?.[next[pick] as number] as FloorEvent;
      events.push({ ...event, at: event.at - first });
      next[pick] = (next[pick] as number) + 1;
    }
  } finally {
    await client.end();
  }
}

/** The floor server in a process of its own, listening for the run's tokens. */
export async function startFloor(tokens: string[][], lastIds: number[]): Promise<{ url: string; process: ChildProcess }> {
  const floor = forkChild('floorStreams.ts');
  const { port } = await ask<FromFloor, 'listening'>(floor, { type: 'serve', tokens, lastIds }, 'listening', 60_000);
  return { url: `http://127.0.0.1:${port}`, process: floor };
}

/** The floor's drive: the events replayed on their schedule. */
export function floorDrive(floor: ChildProcess, events: FloorEvent[], lastIds: number[]): () => Promise<Driven> {
  return async () => {
    await ask<FromFloor, 'played'>(floor, { type: 'play', events }, 'played', ((events[events.length - 1]?.at ?? 0) + 300_000));
    return { answeredAt: [], lastIds };
  };
}
