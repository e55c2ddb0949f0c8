// The first-screen bench's runs of a kind in figures: their medians, and one run in a log line.
import { median } from '../shared/median';
import type { FirstScreenSample, FirstScreenSummary } from './result';

/** The median of the values there are, or null without any. */
function optionalMedian(values: (number | null)[]): number | null {
  const present = values.filter((value): value is number => value !== null);
  return present.length > 0 ? median(present) : null;
}

export function summarize(samples: FirstScreenSample[]): FirstScreenSummary {
  const medianOf = (value: (sample: FirstScreenSample) => number) => median(samples.map(value));
  return {
    runs: samples.length,
    rowsMs: medianOf((sample) => sample.rowsMs),
    openMs: optionalMedian(samples.map((sample) => sample.openMs)),
    clicks: medianOf((sample) => sample.clicks),
    lostClicks: samples.reduce((sum, sample) => sum + sample.lostClicks, 0),
    fcpMs: optionalMedian(samples.map((sample) => sample.fcpMs)),
    longTasks: medianOf((sample) => sample.longTasks),
    longestTaskMs: medianOf((sample) => sample.longestTaskMs),
    worstLongestTaskMs: Math.max(...samples.map((sample) => sample.longestTaskMs)),
    scriptCssBytes: medianOf((sample) => sample.scriptCssBytes),
    requests: medianOf((sample) => sample.requests),
    listRequests: medianOf((sample) => sample.listRequests),
    mostListRequestsSettled: Math.max(...samples.map((sample) => sample.listRequestsSettled)),
    listRequestsSettled: medianOf((sample) => sample.listRequestsSettled),
    pageRequests: medianOf((sample) => sample.pageRequests),
    pageRequestsSettled: medianOf((sample) => sample.pageRequestsSettled),
    encodings: [...new Set(samples.flatMap((sample) => sample.encodings))].sort(),
    documentMs: medianOf((sample) => sample.documentMs),
    listSentMs: optionalMedian(samples.map((sample) => sample.listSentMs)),
    listAnsweredMs: optionalMedian(samples.map((sample) => sample.listAnsweredMs)),
  };
}

/** One run in a log line. */
export function describe(sample: FirstScreenSample): string {
  const time = (value: number | null) => value?.toFixed(0) ?? '–';
  return (
    `rows ${time(sample.rowsMs)} ms${sample.openMs === null ? '' : `, order open ${time(sample.openMs)} ms (${sample.clicks} clicks, ${sample.lostClicks} lost)`}, FCP ${time(sample.fcpMs)} ms, ` +
    `${(sample.scriptCssBytes / 1000).toFixed(1)} kB JS+CSS, ${sample.requests} requests, first page ${sample.listRequests}/${sample.listRequestsSettled}, ` +
    `further pages ${sample.pageRequests}/${sample.pageRequestsSettled}, long tasks ${sample.longTasks} (longest ${time(sample.longestTaskMs)} ms), ` +
    `HTML ${time(sample.documentMs)} ms, list ${time(sample.listSentMs)}→${time(sample.listAnsweredMs)} ms` +
    (sample.listQueries.length > 1 ? `; list queries: ${sample.listQueries.join(' | ')}` : '')
  );
}
