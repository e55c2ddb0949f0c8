// What the first-screen bench (run.ts) measures and reports (report.ts).

/** The figures of a visit, or of a kind's runs (`FirstScreenSummary`). Times in ms from the start of the navigation. */
export interface FirstScreenFigures {
  /** The first order number (the floor's first cell; on `/login`, the form) on screen. */
  rowsMs: number;
  /** The console only: the order open beside the list after a click on that number (null for the others). */
  openMs: number | null;
  /** The console only: clicks sent on the number until the order opened, and those the page received before the one that opened it. */
  clicks: number;
  lostClicks: number;
  fcpMs: number | null;
  /** Tasks of 50 ms and more before the end (`openMs` for the console, else `rowsMs`), and the longest of them (0 without one). */
  longTasks: number;
  longestTaskMs: number;
  /** Encoded bytes received (headers and body as sent) of the scripts and style sheets requested before the end. */
  scriptCssBytes: number;
  /** Requests sent before the end, the document included. */
  requests: number;
  /**
   * `GET /api/orders` of a first page (no cursor) sent before the end, and until a while after it;
   * and those of further pages (with a cursor: the rows below the view).
   */
  listRequests: number;
  listRequestsSettled: number;
  pageRequests: number;
  pageRequestsSettled: number;
  /** Content encodings of the script and style answers (`identity` for none). */
  encodings: string[];
  /** The page's HTML received; the first list request sent and answered (null without one). */
  documentMs: number;
  listSentMs: number | null;
  listAnsweredMs: number | null;
}

/** What one visit measured. */
export interface FirstScreenSample extends FirstScreenFigures {
  /** The first list request's parameters, decoded and sorted, to check that console and floor ask alike. */
  listQuery: string | null;
  /** The different queries of the list requests until a while after the end, in the order first asked. */
  listQueries: string[];
}

/** The medians of a kind's runs (the clicks lost, the encodings and the worst longest task: of all runs). */
export interface FirstScreenSummary extends FirstScreenFigures {
  runs: number;
  /** Clicks lost in all runs together. */
  lostClicks: number;
  worstLongestTaskMs: number;
  /** The most first-page requests of any run, until a while after the end. */
  mostListRequestsSettled: number;
}

export interface FirstScreenResult {
  date: Date;
  machine: string;
  chromium: string;
  /** The commit the measured build was made from, `+` when the checkout had changes. */
  build: string;
  cpuThrottling: number;
  /** The machine's one-minute load average when the runs began and when they ended (a shared machine slows every figure). */
  loadAverage: [number, number];
  cold: { console: FirstScreenSummary; floor: FirstScreenSummary; login: FirstScreenSummary };
  warm: { console: FirstScreenSummary; floor: FirstScreenSummary };
  /** Whether every console and floor run asked the same first page (the query below). */
  sameListQuery: boolean;
  listQuery: string | null;
  /** Orders in the week the first page shows. */
  ordersInRange: number;
}
