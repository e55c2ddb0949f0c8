import fc from 'fast-check';
import { flatten, type JsonSchema, narrowed, typesOf } from './jsonSchema';

/**
 * Values a schema of docs/openapi.yaml allows, boundaries included: lengths, counts and integers at
 * their limits, instants at the edges of the supported years (2000-01-01T00:00:00Z,
 * 2100-12-31T23:59:59.999Z). Where the document says which values exist (ids, versions) and the
 * schema cannot, `known` offers them: a function of the value's place (`ids.*`, `orders.*.id`).
 */
export type KnownValues = (place: string) => fc.Arbitrary<unknown> | undefined;

/** The first and last supported instants, as the contract names them. */
export const FIRST_INSTANT = '2000-01-01T00:00:00Z';
export const LAST_INSTANT = '2100-12-31T23:59:59.999Z';

/** A code point of one line of text: no control characters (C0, DEL, C1), no surrogates. */
const textCodePoint = fc
  .oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
    { weight: 1, arbitrary: fc.integer({ min: 0xa0, max: 0xd7ff }) },
    { weight: 1, arbitrary: fc.integer({ min: 0xe000, max: 0x10ffff }) },
  )
  .map((codePoint) => String.fromCodePoint(codePoint));

const multilineCodePoint = fc.oneof({ weight: 9, arbitrary: textCodePoint }, { weight: 1, arbitrary: fc.constantFrom('\n', '\r', '\t') });

/** A string of exactly `length` code points of `unit`. */
export function stringOf(unit: fc.Arbitrary<string>, length: number): fc.Arbitrary<string> {
  return fc.array(unit, { minLength: length, maxLength: length }).map((units) => units.join(''));
}

/** A length within the schema's limits, its limits among the likeliest. */
function lengthWithin(schema: JsonSchema, usualMax = 24): fc.Arbitrary<number> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Math.max(min, usualMax);
  const boundaries = [...new Set([min, max])];
  return fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...boundaries) }, { weight: 3, arbitrary: fc.integer({ min, max: Math.min(max, min + usualMax) }) });
}

/** An instant as RFC 3339 with an offset: mostly the years of the demo data, sometimes the supported edges. */
export const instant: fc.Arbitrary<string> = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom(FIRST_INSTANT, LAST_INSTANT, '2000-01-01T01:00:00+01:00', '2100-12-31T23:59:59.999+00:00') },
  {
    weight: 6,
    arbitrary: fc
      .tuple(fc.date({ min: new Date('2025-06-01T00:00:00Z'), max: new Date('2027-06-01T00:00:00Z'), noInvalidDate: true }), fc.constantFrom('Z', '+02:00', '-05:30'))
      .map(([date, offset]) => withOffset(date, offset)),
  },
  { weight: 1, arbitrary: fc.date({ min: new Date(FIRST_INSTANT), max: new Date(LAST_INSTANT), noInvalidDate: true }).map((date) => date.toISOString()) },
);

/** `date` written in local time of `offset` (`Z`, `+02:00`). */
function withOffset(date: Date, offset: string): string {
  if (offset === 'Z') {
    return date.toISOString();
  }
  const sign = offset.startsWith('-') ? -1 : 1;
  const [hours, minutes] = offset.slice(1).split(':').map(Number);
  const shifted = new Date(date.getTime() + sign * ((hours ?? 0) * 60 + (minutes ?? 0)) * 60_000);
  return `${shifted.toISOString().slice(0, -1)}${offset}`;
}

function stringValue(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return instant;
    case 'date':
      return fc.date({ min: new Date('2000-01-02T00:00:00Z'), max: new Date('2100-12-30T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
    case 'email':
      return fc.emailAddress();
    case 'uri':
      return fc.webUrl({ validSchemes: ['https'] });
    case 'multiline-text':
      return lengthWithin(schema).chain((length) => stringOf(multilineCodePoint, length));
    default:
      break;
  }
  if (schema.pattern !== undefined) {
    const pattern = new RegExp(schema.pattern);
    // A repetition that must reach `minLength` (`[A-Za-z0-9_-]+` of 87 characters) is generated at that length.
    const repeated = schema.minLength !== undefined ? new RegExp(schema.pattern.replace(/(\])\+/, `$1{${schema.minLength},${schema.maxLength ?? schema.minLength}}`)) : pattern;
    return fc.stringMatching(repeated).filter((text) => text.length >= (schema.minLength ?? 0) && text.length <= (schema.maxLength ?? Infinity) && pattern.test(text));
  }
  return lengthWithin(schema).chain((length) => stringOf(textCodePoint, length));
}

/** An integer within the limits (beyond 32 bits too), its limits among the likeliest. */
export function integerWithin(min = -(2 ** 31), max = 2 ** 31 - 1): fc.Arbitrary<number> {
  const any = fc.bigInt({ min: BigInt(min), max: BigInt(max) }).map(Number);
  return fc.oneof({ weight: 1, arbitrary: fc.constantFrom(min, max) }, { weight: 3, arbitrary: any });
}

function arrayValue(schema: JsonSchema, place: string, known: KnownValues): fc.Arbitrary<unknown[]> {
  const item = schemaValue(schema.items ?? {}, `${place}.*`, known);
  const minLength = schema.minItems ?? 0;
  const maxLength = schema.maxItems ?? Math.max(minLength, 5);
  const counts = fc.oneof({ weight: 1, arbitrary: fc.constantFrom(minLength, maxLength) }, { weight: 4, arbitrary: fc.integer({ min: minLength, max: Math.min(maxLength, minLength + 5) }) });
  return counts.chain((count) =>
    schema.uniqueItems
      ? fc.uniqueArray(item, { minLength: count, maxLength: count, selector: (value) => JSON.stringify(value) })
      : fc.array(item, { minLength: count, maxLength: count }),
  );
}

function objectValue(schema: JsonSchema, place: string, known: KnownValues): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  if (Object.keys(properties).length === 0) {
    return schema.additionalProperties === false ? fc.constant({}) : fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
  }
  const arbitraries = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, schemaValue(property, place === '' ? name : `${place}.${name}`, known)]),
  );
  return fc.record(arbitraries, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
}

/** A value `schema` allows at `place` (dotted, `*` for array items), or one of the known values there. */
export function schemaValue(schema: JsonSchema, place: string, known: KnownValues): fc.Arbitrary<unknown> {
  const fromSchema = valueOfSchema(flatten(schema), place, known);
  const knownHere = known(place);
  return knownHere ? fc.oneof({ weight: 3, arbitrary: knownHere }, { weight: 1, arbitrary: fromSchema }) : fromSchema;
}

function valueOfSchema(schema: JsonSchema, place: string, known: KnownValues): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) {
    return fc.constant(schema.const);
  }
  if (schema.enum) {
    return fc.constantFrom(...schema.enum);
  }
  if (schema.format === 'text' && schema.examples && schema.examples.length > 0) {
    // Text whose valid values the document can only show (a time zone that exists): its examples.
    return fc.constantFrom(...schema.examples);
  }
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) {
    return fc.oneof(...alternatives.map((alternative) => schemaValue({ ...schema, oneOf: undefined, anyOf: undefined, ...alternative }, place, known)));
  }
  const types = typesOf(schema);
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => valueOfSchema(narrowed(schema, type), place, known)));
  }
  switch (types[0]) {
    case 'string':
      return stringValue(schema);
    case 'integer':
      return integerWithin(schema.minimum, schema.maximum);
    case 'number':
      return fc.double({ min: schema.minimum, max: schema.maximum, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayValue(schema, place, known);
    case 'object':
      return objectValue(schema, place, known);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
