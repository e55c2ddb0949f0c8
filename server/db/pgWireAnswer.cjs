// Reading PostgreSQL's answers in the embedded database's worker (pgliteWorker.mjs) straight from the
// bytes of the wire protocol (https://www.postgresql.org/docs/current/protocol-message-formats.html):
// PGlite's own protocol parser copies each message and value into new buffers first, and keeps what
// execProtocolRaw() answers; that garbage made the worker pause for collections under load.
// Plain CommonJS with JSDoc types: the worker runs in a plain Node context and imports it, and so do
// the tests (test/server/pgWireAnswer.test.ts).
'use strict';

const decoder = new TextDecoder();

/** One buffer of bytes made of several: a request's messages, sent to the database at once. @param {Uint8Array[]} parts */
function concat(parts) {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

/**
 * The bytes PostgreSQL answers to one request, collected from the chunks PGlite hands out (views
 * into its memory, valid only for the moment). One buffer for every request: requests run one at
 * a time, and each answer is read before the next request starts.
 */
class AnswerBuffer {
  /** An answer larger than this does not keep its buffer for the next. */
  static KEPT_BYTES = 4 * 1024 * 1024;

  constructor(initialBytes = 64 * 1024) {
    this.initialBytes = initialBytes;
    this.buffer = new Uint8Array(initialBytes);
    this.length = 0;
  }

  /** Empties it for the next answer; an unusually large one (an export batch, say) does not keep its buffer for ever. */
  clear() {
    if (this.buffer.length > AnswerBuffer.KEPT_BYTES) {
      this.buffer = new Uint8Array(this.initialBytes);
    }
    this.length = 0;
  }

  /** @param {Uint8Array} chunk */
  add(chunk) {
    if (this.length + chunk.length > this.buffer.length) {
      const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + chunk.length));
      grown.set(this.buffer.subarray(0, this.length));
      this.buffer = grown;
    }
    this.buffer.set(chunk, this.length);
    this.length += chunk.length;
  }

  /** What was added since the last `clear()` (a view: valid until the next `add` or `clear`). */
  bytes() {
    return this.buffer.subarray(0, this.length);
  }
}

/** A value as it leaves the worker: dates as ISO strings. @param {unknown} value */
function plain(value) {
  return value instanceof Date ? value.toISOString() : value;
}

/**
 * The rows in PostgreSQL's answer to one execution (RowDescription, DataRow… as the wire protocol
 * has them), each value typed by `parsers` (PGlite's, by type id, as its query() would; dates as ISO
 * strings; a type without a parser stays text); throws the first error the answer reports.
 *
 * @param {Uint8Array} bytes
 * @param {Record<number, (text: string, typeId: number) => unknown>} parsers
 * @returns {{ rows: Record<string, unknown>[] }}
 */
function readRows(bytes, parsers) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  /** @type {{ name: string, typeId: number }[]} */
  let columns = [];
  const rows = [];
  let error;
  for (let at = 0; at + 5 <= bytes.length; ) {
    const type = bytes[at];
    const end = at + 1 + view.getUint32(at + 1);
    let p = at + 5;
    if (type === 0x54) {
      // RowDescription: the number of columns; per column its name (ending with a zero byte), then
      // table (4 bytes), attribute (2), type (4), size (2), modifier (4) and format (2).
      columns = [];
      const count = view.getUint16(p);
      p += 2;
      for (let i = 0; i < count; i++) {
        const nameEnd = bytes.indexOf(0, p);
        columns.push({ name: decoder.decode(bytes.subarray(p, nameEnd)), typeId: view.getUint32(nameEnd + 7) });
        p = nameEnd + 19;
      }
    } else if (type === 0x44) {
      // DataRow: the number of values; per value its length (-1 for null) and its text.
      /** @type {Record<string, unknown>} */
      const row = {};
      p += 2;
      for (const column of columns) {
        const length = view.getInt32(p);
        p += 4;
        if (length < 0) {
          row[column.name] = null;
        } else {
          const text = decoder.decode(bytes.subarray(p, p + length));
          const parser = parsers[column.typeId];
          row[column.name] = parser ? plain(parser(text, column.typeId)) : text;
          p += length;
        }
      }
      rows.push(row);
    } else if (type === 0x45 && !error) {
      error = readError(bytes, p, end);
    }
    at = end;
  }
  if (error) {
    throw error;
  }
  return { rows };
}

/**
 * An ErrorResponse's fields (a type byte and a text each, ending with a zero byte) as an error with
 * PostgreSQL's message and SQLSTATE (`code`).
 *
 * @param {Uint8Array} bytes @param {number} start @param {number} end
 */
function readError(bytes, start, end) {
  /** @type {Record<string, string>} */
  const fields = {};
  for (let p = start; p < end && bytes[p] !== 0; ) {
    const textEnd = bytes.indexOf(0, p + 1);
    fields[String.fromCharCode(bytes[p] ?? 0)] = decoder.decode(bytes.subarray(p + 1, textEnd));
    p = textEnd + 1;
  }
  return Object.assign(new Error(fields.M ?? 'database error'), { code: fields.C });
}

module.exports = { AnswerBuffer, concat, plain, readError, readRows };
