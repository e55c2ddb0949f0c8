/** Latencies in whole milliseconds from 0 to 60 s (longer ones count as 60 s): cheap to add to and to merge across processes. */
export const HISTOGRAM_MAX_MS = 60_000;

export class LatencyHistogram {
  readonly counts = new Uint32Array(HISTOGRAM_MAX_MS + 1);
  total = 0;

  add(ms: number): void {
    const bucket = ms <= 0 ? 0 : ms >= HISTOGRAM_MAX_MS ? HISTOGRAM_MAX_MS : Math.round(ms);
    this.counts[bucket] = (this.counts[bucket] ?? 0) + 1;
    this.total++;
  }

  /** The non-empty buckets as `[ms, count]` pairs, to send to another process. */
  toPairs(): [number, number][] {
    const pairs: [number, number][] = [];
    this.counts.forEach((count, ms) => {
      if (count > 0) pairs.push([ms, count]);
    });
    return pairs;
  }

  addPairs(pairs: readonly [number, number][]): void {
    for (const [ms, count] of pairs) {
      this.counts[ms] = (this.counts[ms] ?? 0) + count;
      this.total += count;
    }
  }

  /** The latency below which `p` percent of the values lie (NaN when empty). */
  percentile(p: number): number {
    if (this.total === 0) return NaN;
    const rank = Math.max(1, Math.ceil((p / 100) * this.total));
    let seen = 0;
    for (let ms = 0; ms <= HISTOGRAM_MAX_MS; ms++) {
      seen += this.counts[ms] ?? 0;
      if (seen >= rank) return ms;
    }
    return HISTOGRAM_MAX_MS;
  }

  max(): number {
    for (let ms = HISTOGRAM_MAX_MS; ms >= 0; ms--) {
      if ((this.counts[ms] ?? 0) > 0) return ms;
    }
    return NaN;
  }
}
