// Closed-loop writers: each sends its next change when the last one is answered, so that the figure
// is the changes per second the path takes at that concurrency, not a rate asked from outside.
import type { WriteFigures } from './figures';
import { figuresOfValues } from './figures';
import { ProcSampler } from '../shared/procStats';

export type WriteOutcome = 'changed' | 'conflict' | 'error';

export interface WriteLoopOptions {
  label: string;
  writers: number;
  /** Not measured: connections opened, statements prepared, caches warm. */
  warmUpSeconds: number;
  seconds: number;
  /** One change by writer `writer`. */
  change: (writer: number) => Promise<WriteOutcome>;
  /** Processes whose processor time is divided by the changes, by name (a pid, or a group such as the PostgreSQL server's). */
  processes: () => Record<string, number | readonly number[] | undefined>;
}

export async function runWriteLoop(options: WriteLoopOptions): Promise<WriteFigures> {
  const started = performance.now();
  const measureFrom = started + options.warmUpSeconds * 1000;
  const measureTo = measureFrom + options.seconds * 1000;
  const latencies: number[] = [];
  let changes = 0;
  let conflicts = 0;
  let errors = 0;
  let sampler: ProcSampler | undefined;
  let sampledFrom = 0;
  const samplerTimer = setTimeout(() => {
    sampledFrom = performance.now();
    sampler = new ProcSampler(options.processes, 1000);
  }, measureFrom - started);
  const writer = async (index: number) => {
    for (let now = performance.now(); now < measureTo; now = performance.now()) {
      const outcome = await options.change(index);
      const done = performance.now();
      // Counted when it started and ended within the measured span.
      if (now < measureFrom || done > measureTo) continue;
      if (outcome === 'changed') {
        changes++;
        latencies.push(done - now);
      } else if (outcome === 'conflict') {
        conflicts++;
      } else {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: options.writers }, (_, index) => writer(index)));
  clearTimeout(samplerTimer);
  const cpuPerChangeMs: Record<string, number> = {};
  if (sampler) {
    sampler.sample();
    sampler.stop();
    const sampledTo = performance.now();
    for (const [name, figures] of Object.entries(sampler.span(sampledFrom, sampledTo))) {
      cpuPerChangeMs[name] = ((figures.cpuPercent / 100) * (sampledTo - sampledFrom)) / Math.max(1, changes);
    }
  }
  return {
    label: options.label,
    writers: options.writers,
    seconds: options.seconds,
    changes,
    perSecond: changes / options.seconds,
    conflicts,
    errors,
    latency: figuresOfValues(latencies),
    cpuPerChangeMs,
  };
}
