import { AnswerBuffer, concat, readRows } from '../../../server/db/pgWireAnswer.cjs';

/** A wire-protocol message: its type byte, its length (itself included) and its body. */
function message(type: string, body: number[]): Uint8Array {
  const bytes = new Uint8Array(5 + body.length);
  const view = new DataView(bytes.buffer);
  bytes[0] = type.charCodeAt(0);
  view.setUint32(1, 4 + body.length);
  bytes.set(body, 5);
  return bytes;
}
const int16 = (value: number) => [(value >> 8) & 0xff, value & 0xff];
const int32 = (value: number) => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setInt32(0, value);
  return [...bytes];
};
const text = (value: string) => [...new TextEncoder().encode(value)];
const cstring = (value: string) => [...text(value), 0];

/** RowDescription of columns named with their type ids (table, attribute, size, modifier, format as PostgreSQL sends them). */
const rowDescription = (columns: [string, number][]) =>
  message('T', [...int16(columns.length), ...columns.flatMap(([name, typeId]) => [...cstring(name), ...int32(0), ...int16(0), ...int32(typeId), ...int16(-1), ...int32(-1), ...int16(0)])]);
/** DataRow of texts (null: SQL NULL). */
const dataRow = (values: (string | null)[]) =>
  message('D', [...int16(values.length), ...values.flatMap((value) => (value === null ? int32(-1) : [...int32(text(value).length), ...text(value)]))]);
const errorResponse = (fields: Record<string, string>) => message('E', [...Object.entries(fields).flatMap(([key, value]) => [key.charCodeAt(0), ...cstring(value)]), 0]);
const commandComplete = (tag: string) => message('C', cstring(tag));
const readyForQuery = () => message('Z', text('I'));

const INT4 = 23;
const TEXT = 25;
const TIMESTAMPTZ = 1184;
const parsers = {
  [INT4]: (value: string) => Number(value),
  [TIMESTAMPTZ]: (value: string) => new Date(value),
};

describe('reading PostgreSQL answers from the wire protocol (embedded database)', () => {
  it('reads rows with names, types by their parsers (dates as ISO strings), text where no parser is known, and NULL', () => {
    const bytes = concat([
      rowDescription([
        ['id', INT4],
        ['name', TEXT],
        ['at', TIMESTAMPTZ],
      ]),
      dataRow(['7', 'Kühn & Söhne', '2026-11-25 10:00:00+00']),
      dataRow(['8', null, null]),
      commandComplete('SELECT 2'),
      readyForQuery(),
    ]);
    expect(readRows(bytes, parsers)).toEqual({
      rows: [
        { id: 7, name: 'Kühn & Söhne', at: '2026-11-25T10:00:00.000Z' },
        { id: 8, name: null, at: null },
      ],
    });
  });

  it('reads an answer without rows, and takes the columns of the last description', () => {
    expect(readRows(concat([commandComplete('UPDATE 3'), readyForQuery()]), parsers)).toEqual({ rows: [] });
    const bytes = concat([rowDescription([['a', TEXT]]), dataRow(['x']), rowDescription([['b', INT4]]), dataRow(['2'])]);
    expect(readRows(bytes, parsers).rows).toEqual([{ a: 'x' }, { b: 2 }]);
  });

  it('throws the first error the answer reports, with its message and SQLSTATE', () => {
    const bytes = concat([
      errorResponse({ S: 'ERROR', C: '22008', M: 'date/time field value out of range: "0000-01-01"' }),
      errorResponse({ S: 'ERROR', C: '25P02', M: 'current transaction is aborted' }),
      readyForQuery(),
    ]);
    expect(() => readRows(bytes, parsers)).toThrow(expect.objectContaining({ message: 'date/time field value out of range: "0000-01-01"', code: '22008' }));
  });

  it('reads from a view into a larger buffer (PGlite hands out views into its memory)', () => {
    const bytes = concat([rowDescription([['n', INT4]]), dataRow(['41'])]);
    const larger = new Uint8Array(bytes.length + 10);
    larger.set(bytes, 3);
    expect(readRows(larger.subarray(3, 3 + bytes.length), parsers).rows).toEqual([{ n: 41 }]);
  });

  it('collects an answer from chunks, grows for a large one and gives the large buffer back when cleared', () => {
    const answer = new AnswerBuffer(8);
    answer.add(Uint8Array.of(1, 2, 3, 4, 5));
    answer.add(Uint8Array.of(6, 7, 8, 9));
    expect([...answer.bytes()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    answer.clear();
    expect(answer.bytes()).toHaveLength(0);
    answer.add(new Uint8Array(AnswerBuffer.KEPT_BYTES + 1));
    expect(answer.buffer.length).toBeGreaterThan(AnswerBuffer.KEPT_BYTES);
    answer.clear();
    expect(answer.buffer.length).toBe(8);
  });
});
