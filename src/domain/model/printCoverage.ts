/**
 * The most orders a printed list holds: 1 000 rows are some 30 pages, more than anyone hands to the
 * workshop; a larger filter prints its first 1 000 in the list's sort and says so on paper.
 */
export const PRINT_CAP = 1000;

/**
 * How much of the filter a printed list holds, as the paper says it:
 * - `all`: every order of the filter;
 * - `capped`: the first `count` (the cap) of `total`, the load having read all it asks for;
 * - `partial`: only `count` of `total`, because printing began (Ctrl/Cmd+P) before the orders were read.
 */
export type PrintCoverage =
  | { kind: 'all'; count: number }
  | { kind: 'capped'; count: number; total: number }
  | { kind: 'partial'; count: number; total: number };

/** The orders a print of a filter of `total` orders reads: all of them, at most the cap. */
export function printTarget(total: number, cap = PRINT_CAP): number {
  return Math.max(0, Math.min(total, cap));
}

/**
 * What `count` printed orders of a filter of `total` are: `finished` says the print's load read all
 * it was to read (`printTarget`); anything printed before that is partial, however many it holds.
 */
export function printCoverage(count: number, total: number, finished: boolean): PrintCoverage {
  if (count >= total) return { kind: 'all', count };
  return finished && count >= printTarget(total) ? { kind: 'capped', count, total } : { kind: 'partial', count, total };
}
