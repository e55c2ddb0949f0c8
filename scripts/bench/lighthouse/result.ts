// What the Lighthouse bench (run.ts) is asked and what it measures.
import type { LayoutShift } from './layoutShifts';

export type LighthousePagePath = '/login' | '/orders';

/** An element as Lighthouse names it. */
export interface LighthouseNode {
  selector: string;
  snippet: string;
  label: string;
  /** Why the element fails (accessibility audits). */
  explanation?: string;
}

export interface FailingAudit {
  id: string;
  title: string;
  nodes: LighthouseNode[];
}

/** One row of a diagnostic's table: what, and its figure (ms or bytes, as the diagnostic counts). */
export interface DiagnosticItem {
  label: string;
  value: number;
  /** Further figures of the row, already formatted (e.g. `scripting 812 ms`). */
  detail?: string;
}

export interface Diagnostic {
  id: string;
  /** Lighthouse's summary (e.g. `2.1 s`, `Potential savings of 80 KiB`). */
  displayValue: string;
  numericValue: number | null;
  unit: 'ms' | 'bytes';
  items: DiagnosticItem[];
  /** Why there is nothing to show: the audit failed or did not apply. */
  note?: string;
}

/** The scores (0–100), timings (ms) and layout shift of a page: a run's own, or on a page's result the medians over its runs. */
export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  siMs: number;
  cls: number;
}

export interface LighthouseRun extends LighthouseFigures {
  /** SEO's `meta-description` audit passed. */
  description: boolean;
  finalUrl: string;
  failingAccessibility: FailingAudit[];
  warnings: string[];
  /** Audits that failed to run, with their weight in the scores (0 for all the diagnostics). */
  erroredAudits: { id: string; weight: number }[];
  /** Requests still open when Lighthouse stopped (paths): what kept the network from going quiet. */
  unfinished: string[];
  benchmarkIndex: number;
  /** Chromium's version as Lighthouse saw it, and Lighthouse's. */
  chromium: string;
  lighthouseVersion: string;
  /** The median run's only (the others' are dropped). */
  diagnostics?: Diagnostic[];
  /**
   * The LCP element: Lighthouse's (`largest-contentful-paint-element`) where that audit worked, else
   * the page's own last largest-contentful-paint entry's, with its time unthrottled.
   */
  lcpElement?: LighthouseNode & { source: 'lighthouse' | 'page'; observedMs?: number };
  /** The layout shifts the page saw, unthrottled (Lighthouse's CLS comes from the same shifts). */
  layoutShifts: LayoutShift[];
}

/** A page's runs; its figures are the medians over them. */
export interface LighthousePageResult extends LighthouseFigures {
  path: LighthousePagePath;
  signedIn: boolean;
  runs: LighthouseRun[];
  /** Whether every run had the description. */
  description: boolean;
  /** Failing accessibility audits of any run, by id (the nodes of the first run that failed it). */
  failingAccessibility: FailingAudit[];
  /** The run whose performance score is the median (its diagnostics and LCP element). */
  medianRun: LighthouseRun;
}

export interface LighthouseResult {
  date: Date;
  machine: string;
  chromium: string;
  lighthouse: string;
  /** The commit the measured build was made from, `+` when the checkout had changes. */
  build: string;
  /** The machine's one-minute load average when the runs began and when they ended. */
  loadAverage: [number, number];
  /** Lighthouse's benchmark index of the machine (median over the runs; lantern scales its CPU figures by it). */
  benchmarkIndex: number;
  pages: LighthousePageResult[];
}

export interface LighthouseOptions {
  /** The console build to measure; copied before anything else. Default dist/. */
  distDir?: string;
  build?: string;
  /** Runs per page (median); default 3. */
  runs?: number;
  /** A folder to write each run's Lighthouse report into (JSON, as the Lighthouse viewer reads it). */
  saveDir?: string;
  log?: (line: string) => void;
}
