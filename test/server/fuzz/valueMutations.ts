import fc from 'fast-check';
import { flatten, type JsonSchema } from './jsonSchema';
import { hostileValue } from './hostileValues';

/** A value of a schema with one thing changed, and the field it changed (as problems name fields: `customer.name`, `ids[1]`). */
export interface MutatedValue {
  value: unknown;
  /** The field named by the change, or undefined for the value as a whole. */
  field: string | undefined;
  change: string;
}

type Path = (string | number)[];

interface Place {
  path: Path;
  schema: JsonSchema;
}

/** A field as problems name it: `orders[2].id`. */
export function fieldName(path: Path): string | undefined {
  if (path.length === 0) {
    return undefined;
  }
  return path.map((step, index) => (typeof step === 'number' ? `[${step}]` : index === 0 ? step : `.${step}`)).join('');
}

/** Every place in `value` with its schema: the value itself, each member, each item. */
function placesOf(value: unknown, schemaIn: JsonSchema, path: Path = []): Place[] {
  const schema = flatten(schemaIn);
  const here: Place[] = [{ path, schema }];
  if (Array.isArray(value)) {
    return [...here, ...value.flatMap((item, index) => placesOf(item, schema.items ?? {}, [...path, index]))];
  }
  if (typeof value === 'object' && value !== null) {
    const properties = schema.properties ?? {};
    const alternative = (schema.oneOf ?? schema.anyOf ?? []).find((option) => Object.keys(value).every((key) => key in (option.properties ?? {})));
    const members = { ...alternative?.properties, ...properties };
    return [...here, ...Object.entries(value).flatMap(([name, member]) => placesOf(member, members[name] ?? {}, [...path, name]))];
  }
  return here;
}

function replaced(value: unknown, path: Path, replacement: (old: unknown) => unknown): unknown {
  if (path.length === 0) {
    return replacement(value);
  }
  const [step, ...rest] = path;
  if (Array.isArray(value)) {
    return value.map((item, index) => (index === step ? replaced(item, rest, replacement) : item));
  }
  const object = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(object)) {
    if (name === step) {
      const changed = replaced(member, rest, replacement);
      if (changed !== REMOVED) {
        copy[name] = changed;
      }
    } else {
      copy[name] = member;
    }
  }
  return copy;
}

const REMOVED = Symbol('removed');

/** Names a schema does not have, some of them with a meaning elsewhere. */
const unknownNames = fc.constantFrom('unknown', '__proto__', 'constructor', 'prototype', 'toString', 'Id', ' status', 'status\u0000', '', 'x'.repeat(300));

function mutationsAt(value: unknown, place: Place, required: boolean): fc.Arbitrary<MutatedValue>[] {
  const field = fieldName(place.path);
  const mutations: fc.Arbitrary<MutatedValue>[] = [
    hostileValue(place.schema).map((hostile) => ({ value: replaced(value, place.path, () => hostile), field, change: 'a value that breaks the schema' })),
  ];
  const last = place.path[place.path.length - 1];
  if (typeof last === 'string') {
    mutations.push(fc.constant({ value: replaced(value, place.path, () => REMOVED), field, change: required ? 'a required field left out' : 'a field left out' }));
  }
  const target = place.path.reduce<unknown>((node, step) => (node as Record<string | number, unknown>)[step], value);
  if (typeof target === 'object' && target !== null && !Array.isArray(target)) {
    mutations.push(
      fc.tuple(unknownNames, fc.jsonValue({ maxDepth: 1 })).map(([name, member]) => ({
        value: replaced(value, place.path, (old) => ({ ...(old as object), [name]: member })),
        // A member without a name is named as the object holding it.
        field: fieldName(name === '' ? place.path : [...place.path, name]),
        change: 'an unknown field',
      })),
    );
  }
  return mutations;
}

/** `valid` with one place in it changed: a hostile value, a field left out, an unknown field added. */
export function mutatedValue(valid: fc.Arbitrary<unknown>, schema: JsonSchema): fc.Arbitrary<MutatedValue> {
  return valid.chain((value) => {
    const places = placesOf(value, schema);
    return fc.nat({ max: places.length - 1 }).chain((index) => {
      const place = places[index] as Place;
      const parent = flatten(placesOf(value, schema).find((candidate) => candidate.path.length === place.path.length - 1 && place.path.slice(0, -1).every((step, i) => candidate.path[i] === step))?.schema ?? {});
      const required = (parent.required ?? []).includes(String(place.path[place.path.length - 1]));
      return fc.oneof(...mutationsAt(value, place, required));
    });
  });
}
