/** A time a bar takes, in milliseconds: `begin` included, `end` excluded. */
export interface LaneInterval {
  readonly key: string;
  readonly begin: number;
  readonly end: number;
}

/** The lane of each interval (by key) and how many lanes there are. */
export interface LaneAssignment {
  lanes: ReadonlyMap<string, number>;
  count: number;
}

/**
 * Stacks overlapping intervals in lanes so that none hides another: taken in order of their
 * begin (then end, then key, so the result does not depend on the input's order), each goes to the
 * first lane whose last interval has ended by its begin. This greedy colouring of an interval graph
 * uses as few lanes as the most intervals overlapping at one instant. Intervals that only touch
 * (one's end is the other's begin) share a lane.
 */
export function assignLanes(intervals: readonly LaneInterval[]): LaneAssignment {
  const sorted = [...intervals].sort((a, b) => a.begin - b.begin || a.end - b.end || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const laneEnds: number[] = [];
  const lanes = new Map<string, number>();
  for (const interval of sorted) {
    let lane = laneEnds.findIndex((end) => end <= interval.begin);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(interval.end);
    } else {
      laneEnds[lane] = interval.end;
    }
    lanes.set(interval.key, lane);
  }
  return { lanes, count: laneEnds.length };
}
