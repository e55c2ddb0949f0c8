// The layout shifts a page saw, and which of them Lighthouse's CLS counts.

export interface LayoutShift {
  value: number;
  /** ms from the navigation's start, unthrottled. */
  time: number;
  /** The moved elements, as selectors, with how their box moved (`y 48→0`). */
  sources: string[];
  /**
   * Chromium's `hadRecentInput`: the web's CLS leaves such shifts out. Chromium also takes
   * Lighthouse's emulated screen size for input, so Lighthouse counts them all the same in the
   * first 500 ms, before any shift without it (see `countedByLighthouse`).
   */
  hadRecentInput: boolean;
}

/** Whether Lighthouse's CLS counts each shift (its rule, with the navigation's start for its viewport event). */
export function countedByLighthouse(shifts: readonly LayoutShift[]): boolean[] {
  let respectInput = false;
  return [...shifts]
    .map((shift, index) => ({ shift, index }))
    .sort((a, b) => a.shift.time - b.shift.time)
    .reduce<boolean[]>((counted, { shift, index }) => {
      if (!shift.hadRecentInput) {
        respectInput = true;
      }
      counted[index] = !shift.hadRecentInput || (!respectInput && shift.time <= 500);
      return counted;
    }, []);
}

