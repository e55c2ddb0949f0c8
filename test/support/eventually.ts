import { inspect } from 'node:util';

/** What a value is once it is known to be truthy. */
export type Truthy<T> = Exclude<T, false | 0 | 0n | '' | null | undefined>;

export interface EventuallyOptions {
  /** How long to keep asking. Default 5000 ms. */
  timeoutMs?: number;
  /** The pause between two questions. Default 50 ms. */
  intervalMs?: number;
  /** What is awaited, for the message on timeout (default: the source of the probe and of `until`). */
  what?: string;
}

export interface EventuallyUntilOptions<T> extends EventuallyOptions {
  /** When the probe's answer is the awaited one; the answer itself may then be anything, even falsy. */
  until: (value: T) => boolean;
}

const DEFAULT_TIMEOUT_MS = 5000;
const DEFAULT_INTERVAL_MS = 50;
/** How much of a value or a probe's source the message shows. */
const SHOWN_CHARACTERS = 600;

function shortened(text: string): string {
  return text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS)}…` : text;
}

/**
 * Polls `probe` until its answer is the awaited one and returns that answer: any truthy answer, or
 * with `until` one that `until` accepts (then the probe can answer what it sees, and a timeout shows
 * it). When `timeoutMs` has passed without, it throws, naming what was awaited and the last answer.
 * A probe that throws ends the wait at once with its error. The second argument is the options or,
 * short, the timeout.
 */
export function eventually<T>(probe: () => T | Promise<T>, options: EventuallyUntilOptions<T>): Promise<T>;
export function eventually<T>(probe: () => T | Promise<T>, options?: EventuallyOptions | number): Promise<Truthy<T>>;
export async function eventually<T>(probe: () => T | Promise<T>, options: EventuallyOptions | EventuallyUntilOptions<T> | number = {}): Promise<T> {
  const settings: EventuallyOptions & Partial<EventuallyUntilOptions<T>> = typeof options === 'number' ? { timeoutMs: options } : options;
  const { timeoutMs = DEFAULT_TIMEOUT_MS, intervalMs = DEFAULT_INTERVAL_MS, what, until = (value: T) => Boolean(value) } = settings;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (until(value)) {
      return value;
    }
    if (Date.now() > deadline) {
      const awaited = what ?? shortened(settings.until ? `${probe.toString()} until ${settings.until.toString()}` : probe.toString());
      const timedOut = new Error(`Timed out after ${timeoutMs} ms waiting for ${awaited}; the last value was ${shortened(inspect(value, { depth: 4, breakLength: Infinity }))}`);
      // The stack starts at the caller, so that a failing test shows its own line.
      Error.captureStackTrace(timedOut, eventually);
      throw timedOut;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
