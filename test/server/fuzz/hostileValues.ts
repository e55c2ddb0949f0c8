import fc from 'fast-check';
import { flatten, type JsonSchema, typesOf } from './jsonSchema';
import { RawJson } from './jsonText';
import { integerWithin, stringOf } from './schemaValues';

/** Every control character: C0, DEL and C1. */
const CONTROL_CHARACTERS = [...Array.from({ length: 0x20 }, (_, code) => code), ...Array.from({ length: 0x21 }, (_, code) => 0x7f + code)].map((code) =>
  String.fromCharCode(code),
);

/** Text with one control character somewhere in it. */
export const withControlCharacter: fc.Arbitrary<string> = fc
  .tuple(fc.string({ maxLength: 6 }), fc.constantFrom(...CONTROL_CHARACTERS), fc.string({ maxLength: 6 }))
  .map(([before, control, after]) => `${before}${control}${after}`);

/** Text with a lone (unpaired) surrogate. */
export const withLoneSurrogate: fc.Arbitrary<string> = fc
  .tuple(fc.string({ maxLength: 4 }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string({ maxLength: 4 }))
  .map(([before, unit, after]) => `${before}${String.fromCharCode(unit)}${after}`);

/** Characters that are valid but often mishandled: a byte order mark, bidirectional marks, joiners, quotes, SQL and HTML. */
const oddText = fc.constantFrom('\ufeff', '\u202e', '\u200d', '\u2028', '\u2029', "'; DROP TABLE orders; --", '<script>', '%00', '\\u0000', 'a'.repeat(3) + '\u0301', '😀'.repeat(3), ' ', '');

/** Strings far beyond any field's length, some beyond the body limit. */
const veryLong = fc.constantFrom(10_000, 100_000, 1_100_000).chain((length) => fc.constantFrom('a', 'ä', '😀', ' ').map((unit) => unit.repeat(length)));

/** Strings just outside a schema's length limits. */
function lengthsOutside(schema: JsonSchema): fc.Arbitrary<string>[] {
  const outside = [schema.minLength !== undefined && schema.minLength > 0 ? schema.minLength - 1 : undefined, schema.maxLength !== undefined ? schema.maxLength + 1 : undefined];
  return outside.filter((length): length is number => length !== undefined).map((length) => stringOf(fc.constantFrom('a', 'Z', '9', 'ß'), length));
}

/** Instants that are not valid ones, or just outside the supported years. */
const badInstants = fc.constantFrom(
  '1999-12-31T23:59:59.999Z',
  '2101-01-01T00:00:00Z',
  '2000-01-01T00:00:00+00:01',
  '2100-12-31T23:59:59.999-00:01',
  '2016-12-31T23:59:60Z',
  '2026-02-29T00:00:00Z',
  '2026-06-01T24:00:00Z',
  '2026-06-01',
  '2026-06-01T00:00:00',
  '+002026-06-01T00:00:00Z',
  '2026-06-01T00:00:00.12345678901234567890Z',
  ' 2026-06-01T00:00:00Z',
  '2026-06-01T00:00:00+24:00',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
);

const badUuids = fc.constantFrom(
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '{0190a1b2-0000-7000-8000-000000000001}',
  '0190a1b2-0000-7000-8000-00000000000',
  '0190a1b2000070008000000000000001',
  '../../etc/passwd',
  'AN-2026-000001',
);

/** Numbers out of every range, fractions, and JSON number texts no double holds. */
function badNumbers(schema: JsonSchema): fc.Arbitrary<unknown> {
  const edges = [schema.minimum !== undefined ? schema.minimum - 1 : undefined, schema.maximum !== undefined ? schema.maximum + 1 : undefined].filter(
    (value): value is number => value !== undefined,
  );
  return fc.oneof(
    fc.constantFrom(...edges, -1, 0.5, -0, 2 ** 31, 2 ** 53, -(2 ** 53), Number.MAX_VALUE, -Number.MAX_VALUE, 5e-324),
    fc.constantFrom('1e309', '-1e309', '1e-400', '123456789012345678901234567890', 'NaN', 'Infinity', '0x10', '01', '1.', '.5', '+1', '1e', '--1').map(
      (text) => new RawJson(text),
    ),
    integerWithin(),
  );
}

/** A value of another JSON type than any the schema allows (or, where it allows every type, of some type). */
function wrongType(schema: JsonSchema): fc.Arbitrary<unknown> {
  const allowed = new Set(typesOf(schema));
  const candidates: [string, unknown][] = [
    ['null', null],
    ['boolean', true],
    ['integer', 7],
    ['number', 1.5],
    ['string', '7'],
    ['string', 'true'],
    ['array', []],
    ['array', ['x']],
    ['object', {}],
    ['object', { value: 1 }],
  ];
  const wrong = candidates.filter(([type]) => !allowed.has(type) && !(type === 'integer' && allowed.has('number'))).map(([, value]) => value);
  return fc.constantFrom(...(wrong.length > 0 ? wrong : candidates.map(([, value]) => value)));
}

/** Values that break `schema`, or stress what takes it: wrong types, bad characters, lengths and numbers out of range. */
export function hostileValue(schemaIn: JsonSchema): fc.Arbitrary<unknown> {
  const schema = flatten(schemaIn);
  const types = typesOf(schema);
  const choices: fc.Arbitrary<unknown>[] = [wrongType(schema), withControlCharacter, withLoneSurrogate, oddText, badNumbers(schema)];
  if (types.includes('string')) {
    choices.push(veryLong, ...lengthsOutside(schema));
    if (schema.format === 'date-time') {
      choices.push(badInstants, badInstants);
    }
    if (schema.format === 'uuid') {
      choices.push(badUuids);
    }
  }
  if (types.includes('array')) {
    choices.push(fc.constant([]), fc.array(fc.jsonValue({ maxDepth: 1 }), { minLength: (schema.maxItems ?? 1000) + 1, maxLength: (schema.maxItems ?? 1000) + 1 }));
  }
  return fc.oneof(...choices);
}
