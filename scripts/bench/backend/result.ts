// What the backend bench (scripts/bench/backend/run.ts) is asked and what it measures.

export interface BackendBenchOptions {
  /** Where the embedded database is kept between runs. Default `<repository>/data/bench`. */
  dataDir?: string;
  /** A PostgreSQL database to measure on instead of the embedded one (seeded there when its order count differs from `orders`, which must be empty then). */
  databaseUrl?: string;
  /** Orders of the German demo tenant. Default 1 000 000. */
  orders?: number;
  /** Concurrent clients of the load generator. Default 4. */
  clients?: number;
  /** Requests per measured call (spread over the clients). Default 400. */
  requests?: number;
  /** How many pages deep the cursor is followed before deep pages are measured. Default 200. */
  depth?: number;
  /**
   * Requests sent before measuring, to every measured call in turn, not measured. A fresh server is
   * slower for its first two thousand requests or so: V8 compiles hot code, the database's
   * WebAssembly included, to its fastest tier only after it has run a while. Default 2000.
   */
  warmUp?: number;
  /** Progress lines. Default: to stderr. */
  log?: (line: string) => void;
}

export interface Latency {
  requests: number;
  p50: number;
  p95: number;
  max: number;
  /** p50 and p95 divided by the p50 of `/healthz` in the same run. */
  p50Ratio: number;
  p95Ratio: number;
}

export interface BackendBenchResult {
  orders: number;
  /** Seconds to seed the orders in this run, or null when the data was there already. */
  seedSeconds: number | null;
  /** Seconds from opening the database to a listening server. */
  startSeconds: number;
  clients: number;
  depth: number;
  /** The range of the first page: every order of the tenant. */
  range: { begin: string; end: string };
  total: number;
  baseline: Latency;
  firstPage: Latency;
  deepPage: Latency;
  /** Further calls, by label. */
  others: Record<string, Latency>;
  /** The figures as a markdown table. */
  table: string;
}
