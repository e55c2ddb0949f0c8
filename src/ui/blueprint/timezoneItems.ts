import { lazyList } from './lazyList';

/**
 * Stands in for Blueprint's `common/timezoneItems` module in the console's build (webpack.config.ts
 * puts it in place of the original for Blueprint's own imports).
 *
 * The original works out the UTC offset of about 250 time zones as soon as any Blueprint date
 * component loads, with three `Intl.DateTimeFormat`s each: some 750 ICU formatters, main-thread
 * work before the orders page shows and, when the garbage collector later finds them dead, a long
 * task that frees them (docs/benchmarks.md#measurements-behind-the-design). The console shows
 * no time-zone picker, so here the list is worked out from the original module the first time
 * something reads it; nothing else changes.
 */
type Original = typeof import('@blueprintjs/datetime/lib/esm/common/timezoneItems');
type Timezone = Original['UTC_TIME'];

let original: Original | undefined;
function load(): Original {
  // Loaded when first read, not when the date inputs load (a static import would run it at once).
  original ??= require('@blueprintjs/datetime/lib/esm/common/timezoneItems.js') as Original;
  return original;
}

/** UTC: its offset is `+00:00` on every day, no formatter needed. */
export const UTC_TIME: Timezone = { label: 'UTC', ianaCode: 'Etc/UTC', offset: '+00:00' };

/** List of standard timezones (Blueprint's, worked out when first read). */
export const TIMEZONE_ITEMS: Timezone[] = lazyList(() => load().TIMEZONE_ITEMS);

/** Minimal list of timezones (Blueprint's, worked out when first read). */
export const MINIMAL_TIMEZONE_ITEMS: Timezone[] = lazyList(() => load().MINIMAL_TIMEZONE_ITEMS);
