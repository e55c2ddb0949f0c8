/**
 * The rule for source comments: say why, not how fast it went. A figure of a measurement (a time
 * with "about", "took", "measured", a percentile, CPU throttling or a slowdown factor) belongs in
 * docs/benchmarks.md, where it has its run and its machine beside it; a comment links there. Design
 * values (a default, a limit, a wait) are no measurement and may be named.
 */

/** One comment's text with the line it is on (1-based). */
export interface CommentLine {
  line: number;
  text: string;
}

/** A comment line of a script or stylesheet: a line comment, a block comment's line, or the comment after code. */
export function commentLines(source: string): CommentLine[] {
  const lines: CommentLine[] = [];
  source.split('\n').forEach((raw, index) => {
    const trimmed = raw.trim();
    if (/^(\/\/|\/\*|\*)/.test(trimmed)) {
      lines.push({ line: index + 1, text: trimmed });
      return;
    }
    const trailing = /\s\/\/\s(.*)$/.exec(raw);
    if (trailing?.[1]) lines.push({ line: index + 1, text: trailing[1] });
  });
  return lines;
}

const TIME = /\d(?:[\d.,\u202f ]*\d)?(?:\s?[–-]\s?\d[\d.,]*)?\s?(?:ms|s|µs|milliseconds?|seconds?)\b/i;
const MEASURED = /\b(?:about|roughly|some|took|takes about|measured|median|p50|p95|p99|tasks? of)\b|~\s?\d/i;
const THROTTLING = /throttl|\d\s?×\s?(?:CPU|slower|faster)/i;

/** What makes a comment's text a measurement's figure, or null when it is none. */
export function timingFigureIn(text: string): string | null {
  const throttling = THROTTLING.exec(text);
  if (throttling) return throttling[0];
  const time = TIME.exec(text);
  if (time && MEASURED.test(text)) return time[0];
  return null;
}
