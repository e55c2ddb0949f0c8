// The types of pgWireAnswer.cjs (plain JavaScript, which the embedded database's worker imports).

/** One buffer of bytes made of several. */
export function concat(parts: Uint8Array[]): Uint8Array;

/** The bytes PostgreSQL answers to one request, collected from PGlite's chunks. */
export class AnswerBuffer {
  /** An answer larger than this does not keep its buffer for the next. */
  static KEPT_BYTES: number;
  constructor(initialBytes?: number);
  buffer: Uint8Array;
  length: number;
  clear(): void;
  add(chunk: Uint8Array): void;
  bytes(): Uint8Array;
}

/** A value as it leaves the worker: dates as ISO strings. */
export function plain(value: unknown): unknown;

/** The rows of one execution's answer, typed by `parsers`; throws the first error the answer reports. */
export function readRows(
  bytes: Uint8Array,
  parsers: Record<number, (text: string, typeId: number) => unknown>,
): { rows: Record<string, unknown>[] };

/** An ErrorResponse's fields as an error with PostgreSQL's message and SQLSTATE (`code`). */
export function readError(bytes: Uint8Array, start: number, end: number): Error & { code?: string };
