/** The part of JSON Schema (2020-12, as docs/openapi.yaml writes it, dereferenced) the fuzzing reads. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  allOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  default?: unknown;
  examples?: unknown[];
}

/** `allOf` folded into one schema: properties and `required` joined, the rest taken from the last that has it. */
export function flatten(schema: JsonSchema): JsonSchema {
  if (!schema.allOf) {
    return schema;
  }
  const { allOf, ...rest } = schema;
  return [rest, ...allOf.map(flatten)].reduce<JsonSchema>(
    (merged, part) => ({
      ...merged,
      ...part,
      properties: { ...merged.properties, ...part.properties },
      required: [...new Set([...(merged.required ?? []), ...(part.required ?? [])])],
    }),
    {},
  );
}

/** The types a schema allows (`type` as a list), or those its alternatives allow. */
export function typesOf(schema: JsonSchema): string[] {
  const flat = flatten(schema);
  if (flat.type !== undefined) {
    return Array.isArray(flat.type) ? flat.type : [flat.type];
  }
  if (flat.enum) {
    return [...new Set(flat.enum.map((value) => (value === null ? 'null' : typeof value)))];
  }
  const alternatives = flat.oneOf ?? flat.anyOf;
  if (alternatives) {
    return [...new Set(alternatives.flatMap(typesOf))];
  }
  return flat.properties ? ['object'] : [];
}

/** One of the schema's types alone (`type: [integer, 'null']` → the integer schema). */
export function narrowed(schema: JsonSchema, type: string): JsonSchema {
  return { ...flatten(schema), type };
}
