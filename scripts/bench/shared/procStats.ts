import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** One reading of a process: processor time used so far (user + system, s) and resident memory (MiB). */
export interface ProcReading {
  at: number;
  cpuSeconds: number;
  rssMiB: number;
}

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** `/proc/<pid>/stat` (utime, stime) and `/proc/<pid>/status` (VmRSS); undefined once the process is gone. */
export function readProc(pid: number): ProcReading | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name in parentheses: state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
    return { at: performance.now(), cpuSeconds: ticks / clockTicks(), rssMiB: rssKiB / 1024 };
  } catch {
    return undefined;
  }
}

/** The machine's load average (1, 5, 15 min) from /proc/loadavg. */
export function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' / ');
  } catch {
    return 'unknown';
  }
}

/** The process `pid` and its children (e.g. a PostgreSQL server: the postmaster and its backends). */
export function withChildren(pid: number): number[] {
  const pids = [pid];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

/** A group of processes as the sampler has seen it: each member's processor time at its last reading, and what the group used in all. */
interface GroupState {
  seen: Map<number, number>;
  cpuSeconds: number;
}

/**
 * Several processes read as one: memory summed, processor time counted as what the members used
 * since the group's first reading (a member that ends keeps what it used; one that starts later, a
 * connection's server process, counts from its start). Summing the members' totals instead made the
 * group's time fall when one ended.
 */
function readGroup(pids: readonly number[], state: GroupState | undefined): { reading: ProcReading; state: GroupState } | undefined {
  const readings = pids.flatMap((pid) => {
    const reading = readProc(pid);
    return reading ? [{ pid, reading }] : [];
  });
  if (readings.length === 0) return undefined;
  const next: GroupState = { seen: new Map(state?.seen), cpuSeconds: state?.cpuSeconds ?? 0 };
  for (const { pid, reading } of readings) {
    // At the first reading every member starts from where it stands.
    const before = next.seen.get(pid) ?? (state ? 0 : reading.cpuSeconds);
    next.cpuSeconds += Math.max(0, reading.cpuSeconds - before);
    next.seen.set(pid, reading.cpuSeconds);
  }
  return {
    reading: {
      at: performance.now(),
      cpuSeconds: next.cpuSeconds,
      // A process on its way out has no VmRSS any more.
      rssMiB: readings.reduce((sum, { reading }) => sum + (Number.isNaN(reading.rssMiB) ? 0 : reading.rssMiB), 0),
    },
    state: next,
  };
}

/**
 * Reads the processes named by `pids()` every `intervalMs` and keeps the readings by name, so that the
 * processor share and memory of any span of the run can be told afterwards (`span`).
 */
export class ProcSampler {
  private readonly readings = new Map<string, ProcReading[]>();
  private readonly groups = new Map<string, GroupState>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly pids: () => Record<string, number | readonly number[] | undefined>,
    intervalMs = 1000,
  ) {
    this.sample();
    this.timer = setInterval(() => this.sample(), intervalMs);
  }

  sample(): void {
    for (const [name, pid] of Object.entries(this.pids())) {
      let reading: ProcReading | undefined;
      if (typeof pid === 'number') {
        reading = readProc(pid);
      } else if (pid !== undefined) {
        const group = readGroup(pid, this.groups.get(name));
        if (group) this.groups.set(name, group.state);
        reading = group?.reading;
      }
      if (reading) this.readings.set(name, [...(this.readings.get(name) ?? []), reading]);
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Per process, between `from` and `to` (performance.now()): mean processor share (% of one core) and the largest RSS. */
  span(from: number, to: number): Record<string, { cpuPercent: number; maxRssMiB: number }> {
    const figures: Record<string, { cpuPercent: number; maxRssMiB: number }> = {};
    for (const [name, readings] of this.readings) {
      const inside = readings.filter((reading) => reading.at >= from && reading.at <= to);
      const first = inside[0];
      const last = inside[inside.length - 1];
      if (!first || !last || last === first) continue;
      figures[name] = {
        cpuPercent: (100 * (last.cpuSeconds - first.cpuSeconds)) / ((last.at - first.at) / 1000),
        maxRssMiB: Math.max(...inside.map((reading) => reading.rssMiB)),
      };
    }
    return figures;
  }
}
