// Words and numbers the bench sections of docs/benchmarks.md share.

/** A target's verdict. */
export const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');

/** The longest task as `shown` shows it: the browser reports only tasks of 50 ms and more, so without one the longest is below that. */
export const longestTask = (value: number, shown: (value: number) => string) => (value > 0 ? shown(value) : 'under 50 ms');
