import fc from 'fast-check';
import type { Operation } from 'openapi-backend';
import { type ActorName, SIGNED_IN_ACTORS } from './fuzzActors';
import { encodeQueryPart, type FuzzRequest, readable, type RequestIntent } from './fuzzRequest';
import { hostileValue } from './hostileValues';
import { contentTypes, hostileHeader, malformedBodies, rawQueries } from './hostileRequestParts';
import type { JsonSchema } from './jsonSchema';
import { jsonText } from './jsonText';
import { type KnownValues, schemaValue } from './schemaValues';
import { mutatedValue } from './valueMutations';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

/** The parts of a request before they are written: values as the schemas give them. */
interface Parts {
  actor: ActorName;
  path: Record<string, unknown>;
  query: [string, unknown][];
  headers: Record<string, string>;
  body: unknown;
}

const actors: fc.Arbitrary<ActorName> = fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...SIGNED_IN_ACTORS) }, { weight: 1, arbitrary: fc.constant('nobody' as const) });

/** A value in a query string, path or header: text as is, anything else as JSON. */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : jsonText(value);
}

const MAX_RANGE_MS = 366 * 24 * 60 * 60 * 1000;

/**
 * What the schemas cannot say of a valid request: `begin` not after `end`, and a range of at most
 * 366 days. Applied to valid requests, so that most of them reach what lies behind the checks.
 */
function inOrder(begin: unknown, end: unknown): [unknown, unknown] {
  if (typeof begin !== 'string' || typeof end !== 'string') {
    return [begin, end];
  }
  const [first, last] = Date.parse(begin) <= Date.parse(end) ? [begin, end] : [end, begin];
  return Date.parse(last) - Date.parse(first) > MAX_RANGE_MS ? [first, new Date(Date.parse(first) + MAX_RANGE_MS / 12).toISOString()] : [first, last];
}

function orderedQuery(query: [string, unknown][]): [string, unknown][] {
  const begin = query.find(([name]) => name === 'begin');
  const end = query.find(([name]) => name === 'end');
  if (begin && end) {
    [begin[1], end[1]] = inOrder(begin[1], end[1]);
  }
  return query;
}

function orderedBody(body: unknown): unknown {
  if (typeof body === 'object' && body !== null && 'begin' in body && 'end' in body) {
    const [begin, end] = inOrder(body.begin, body.end);
    return { ...body, begin, end };
  }
  return body;
}

/** The JSON body schema of an operation, if it takes one. */
function jsonBodySchema(operation: Operation): JsonSchema | undefined {
  const content = (operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)?.content;
  return content?.['application/json']?.schema;
}

/** Generates requests for one operation of the contract: valid ones and ones with one part broken. */
export function operationRequests(operation: Operation, known: KnownValues, tokenOf: (actor: ActorName) => string | undefined): fc.Arbitrary<FuzzRequest> {
  const parameters = (operation.parameters ?? []) as unknown as Parameter[];
  const byPlace = (place: Parameter['in']) => parameters.filter((parameter) => parameter.in === place);
  const bodySchema = jsonBodySchema(operation);
  const takesProtobuf = Boolean((operation.requestBody as { content?: Record<string, unknown> } | undefined)?.content?.['application/x-protobuf']);
  const valueOf = (parameter: Parameter, place: string) => schemaValue(parameter.schema ?? { type: 'string' }, place, known);

  const pathParts = fc.record(Object.fromEntries(byPlace('path').map((parameter) => [parameter.name, valueOf(parameter, `path.${parameter.name}`)])));
  const queryParts = fc
    .tuple(...byPlace('query').map((parameter) => fc.tuple(fc.constant(parameter.name), parameter.required ? valueOf(parameter, parameter.name).map((value) => ({ value })) : fc.option(valueOf(parameter, parameter.name).map((value) => ({ value })), { freq: 2 }))))
    .map((pairs) => orderedQuery(pairs.flatMap(([name, present]) => (present ? [[name, present.value] as [string, unknown]] : []))));
  const headerParts = fc
    .tuple(...byPlace('header').map((parameter) => fc.tuple(fc.constant(parameter.name), parameter.required ? valueOf(parameter, `header.${parameter.name}`).map(asText).map((value) => ({ value })) : fc.option(valueOf(parameter, `header.${parameter.name}`).map(asText).map((value) => ({ value })), { freq: 2 }))))
    .map((pairs) => Object.fromEntries(pairs.flatMap(([name, present]) => (present ? [[name.toLowerCase(), present.value]] : []))));
  const validBody = bodySchema ? schemaValue(bodySchema, '', known).map(orderedBody) : fc.constant(undefined);
  const parts: fc.Arbitrary<Parts> = fc.record({ actor: actors, path: pathParts, query: queryParts, headers: headerParts, body: validBody });

  const written = (part: Parts, intent: RequestIntent, changes: Partial<Pick<FuzzRequest, 'rawQuery' | 'body'>> & { headers?: Record<string, string> } = {}): FuzzRequest => {
    let path = operation.path;
    for (const [name, value] of Object.entries(part.path)) {
      path = path.replace(`{${name}}`, encodeQueryPart(asText(value)).replace(/%2E/gi, '.'));
    }
    const query = part.query.flatMap(([name, value]): [string, string][] => (Array.isArray(value) ? value.map((item) => [name, asText(item)]) : [[name, asText(value)]]));
    // The actor's token is added as the request is sent (sessions are renewed between requests).
    const headers: Record<string, string> = { ...part.headers };
    let body: FuzzRequest['body'];
    if (part.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = jsonText(part.body);
    }
    const request: FuzzRequest = { operationId: operation.operationId ?? '', actor: part.actor, method: operation.method.toUpperCase(), path, query, headers, body, intent, ...changes };
    Object.assign(request.headers, changes.headers);
    return readable(request);
  };

  const variants: fc.WeightedArbitrary<FuzzRequest>[] = [{ weight: 3, arbitrary: parts.map((part) => written(part, { part: 'valid', change: 'valid by the contract' })) }];
  if (bodySchema) {
    variants.push({
      weight: 4,
      arbitrary: fc.tuple(parts, mutatedValue(validBody, bodySchema)).map(([part, mutated]) => written({ ...part, body: mutated.value }, { part: 'body', field: mutated.field, change: mutated.change })),
    });
  }
  if (takesProtobuf) {
    variants.push({
      weight: 2,
      arbitrary: fc.tuple(parts, fc.uint8Array({ maxLength: 200 })).map(([part, bytes]) => written(part, { part: 'valid', change: 'protobuf bytes' }, { body: bytes, headers: { 'content-type': 'application/x-protobuf' } })),
    });
  }
  if (bodySchema || takesProtobuf) {
    variants.push({
      weight: 2,
      arbitrary: fc.tuple(parts, fc.oneof(contentTypes.map((type) => ({ type, malformed: false })), fc.constant({ type: 'application/json', malformed: true })), fc.string()).chain(([part, { type, malformed }]) => {
        const text = jsonText(part.body ?? {});
        return (malformed ? malformedBodies(text) : fc.constant(text)).map((body) => {
          const headers: Record<string, string> = type === '' ? {} : { 'content-type': type };
          const request = written(part, { part: 'content', change: malformed ? 'a body that is no JSON of the schema' : `Content-Type ${JSON.stringify(type)}` }, { body, headers });
          if (type === '') {
            delete request.headers['content-type'];
          }
          return request;
        });
      }),
    });
  } else {
    variants.push({
      weight: 1,
      arbitrary: fc.tuple(parts, contentTypes, fc.constantFrom('{}', 'x', '')).map(([part, type, body]) =>
        written(part, { part: 'content', change: 'a body the operation does not take' }, { body: operation.method === 'get' ? undefined : body, headers: { 'content-type': type || 'application/json' } }),
      ),
    });
  }
  const queryParameters = byPlace('query');
  if (queryParameters.length > 0) {
    variants.push({
      weight: 3,
      arbitrary: fc.tuple(parts, fc.constantFrom(...queryParameters)).chain(([part, parameter]) =>
        fc.oneof(
          hostileValue(parameter.schema ?? {}).map((value) =>
            written({ ...part, query: [...part.query.filter(([name]) => name !== parameter.name), [parameter.name, value]] }, { part: 'query', field: parameter.name, change: 'a value that breaks the schema' }),
          ),
          fc.constant(written({ ...part, query: part.query.filter(([name]) => name !== parameter.name) }, { part: 'query', field: parameter.required ? parameter.name : undefined, change: 'a parameter left out' })),
          valueOf(parameter, parameter.name).map((value) =>
            written({ ...part, query: [...part.query, [parameter.name, value], [parameter.name, value]] }, { part: 'query', field: parameter.name, change: 'a parameter given twice' }),
          ),
          fc.constantFrom('unknown', 'Begin', 'limit[]', 'sort ').map((name) => written({ ...part, query: [...part.query, [name, '1']] }, { part: 'query', field: name, change: 'an unknown parameter' })),
          rawQueries.map((rawQuery) => written(part, { part: 'query', change: 'a query that is no percent-encoding' }, { rawQuery })),
        ),
      ),
    });
  } else {
    variants.push({
      weight: 1,
      arbitrary: fc.tuple(parts, fc.constantFrom('unknown', 'limit', 'begin'), rawQueries).map(([part, name, rawQuery]) =>
        written({ ...part, query: [[name, '1']] }, { part: 'query', field: name, change: 'a parameter the operation does not take' }, { rawQuery }),
      ),
    });
  }
  const pathParameters = byPlace('path');
  if (pathParameters.length > 0) {
    variants.push({
      weight: 1,
      arbitrary: fc.tuple(parts, fc.constantFrom(...pathParameters)).chain(([part, parameter]) =>
        hostileValue(parameter.schema ?? {}).map((value) => written({ ...part, path: { ...part.path, [parameter.name]: value } }, { part: 'path', field: parameter.name, change: 'a path value that breaks the schema' })),
      ),
    });
  }
  variants.push({
    weight: 2,
    arbitrary: parts.chain((part) =>
      hostileHeader(tokenOf(part.actor)).map(([name, value]) => written(part, { part: 'header', change: `header ${name}` }, { headers: { [name]: value } })),
    ),
  });
  return fc.oneof(...variants);
}
