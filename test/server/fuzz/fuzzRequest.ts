import fc from 'fast-check';
import type { ActorName } from './fuzzActors';

/** What a request was made to try, for the checks of its answer. */
export interface RequestIntent {
  /** `valid`: by the schemas; else the part changed to break them. */
  part: 'valid' | 'body' | 'query' | 'header' | 'path' | 'content';
  /** The body or query field the change names, when it names one. */
  field?: string;
  change: string;
}

/** One request of the fuzzing, as sent. */
export interface FuzzRequest {
  operationId: string;
  actor: ActorName;
  method: string;
  /** The path, its parameters percent-encoded. */
  path: string;
  /** Query parameters in order (repeated names repeat), not yet encoded. */
  query: [string, string][];
  /** Appended to the query as it is (malformed percent-encoding). */
  rawQuery?: string;
  headers: Record<string, string>;
  /** The body as sent, with its Content-Type (absent: none sent). */
  body?: string | Uint8Array;
  intent: RequestIntent;
}

/**
 * Node answers a request head over 16 KB with a bare 431 before the backend sees it: a path or query
 * value is cut to this many characters as sent (the bodies carry the longer texts).
 */
const MAX_URL_PART = 4_000;

/**
 * Percent-encoding of a path or query value; a lone surrogate becomes the bytes of its code point
 * (not UTF-8 anyone may decode). At most MAX_URL_PART characters.
 */
export function encodeQueryPart(text: string): string {
  const encoded = encodeAll(text);
  return encoded.length > MAX_URL_PART ? encoded.slice(0, MAX_URL_PART).replace(/%[0-9A-F]?$/, '') : encoded;
}

function encodeAll(text: string): string {
  let encoded = '';
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    const isHigh = unit >= 0xd800 && unit <= 0xdbff;
    const next = text.charCodeAt(index + 1);
    if (isHigh && next >= 0xdc00 && next <= 0xdfff) {
      encoded += encodeURIComponent(text.slice(index, index + 2));
      index += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      encoded += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else {
      encoded += encodeURIComponent(text[index] as string);
    }
  }
  return encoded;
}

/** The path and query of a request as sent. */
export function target(request: FuzzRequest): string {
  const pairs = request.query.map(([name, value]) => `${encodeQueryPart(name)}=${encodeQueryPart(value)}`);
  if (request.rawQuery !== undefined) {
    pairs.push(request.rawQuery);
  }
  return pairs.length > 0 ? `${request.path}?${pairs.join('&')}` : request.path;
}

const SHOWN = 400;

function shortened(text: string): string {
  const shown = JSON.stringify(text.length > SHOWN ? text.slice(0, SHOWN) : text);
  return text.length > SHOWN ? `${shown}… (${text.length} characters)` : shown;
}

/** A request in readable form: method, path, query, headers, body, and what it tries. */
export function describeRequest(request: FuzzRequest): string {
  const lines = [`${request.method} ${shortened(target(request))} as ${request.actor} (${request.operationId}; ${request.intent.part}: ${request.intent.change}${request.intent.field ? ` at ${request.intent.field}` : ''})`];
  for (const [name, value] of request.query) {
    lines.push(`  query ${shortened(name)} = ${shortened(value)}`);
  }
  for (const [name, value] of Object.entries(request.headers)) {
    lines.push(`  header ${name}: ${name === 'authorization' && /^Bearer ey/.test(value) ? 'Bearer <token of the actor>' : shortened(value)}`);
  }
  if (request.body !== undefined) {
    lines.push(`  body ${typeof request.body === 'string' ? shortened(request.body) : `${request.body.length} bytes`}`);
  }
  return lines.join('\n');
}

/** Makes fast-check print the request readably (with a failure, the shrunk one). */
export function readable(request: FuzzRequest): FuzzRequest {
  return Object.assign(request, { [fc.toStringMethod]: () => `\n${describeRequest(request)}\n` });
}
