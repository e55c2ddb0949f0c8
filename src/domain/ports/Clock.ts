/** The time, as milliseconds since the epoch. */
export interface Clock {
  now(): number;
}

export const Clock = Symbol('Clock');
