import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/** The HTTP contract of the product: the requests the backend takes are checked against it. */
export const OPENAPI_FILE = path.resolve(__dirname, '../../../docs/openapi.yaml');

/** The HTTP methods an OpenAPI path item may hold operations for. */
export const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export type JsonObject = { [key: string]: unknown };

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value a local reference (`#/components/schemas/Order`) points to in `document`. */
function pointedTo(document: JsonObject, reference: string): unknown {
  if (!reference.startsWith('#/')) {
    throw new Error(`${OPENAPI_FILE}: only local references are supported, not ${reference}`);
  }
  let node: unknown = document;
  for (const segment of reference.slice(2).split('/')) {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node) || !(key in node)) {
      throw new Error(`${OPENAPI_FILE}: ${reference} points to nothing`);
    }
    node = node[key];
  }
  return node;
}

/**
 * `node` with every `$ref` replaced by what it points to, recursively (a copy; the document has no
 * circular references in what requests use, and one would be an error here rather than a hang).
 */
export function resolved(node: unknown, document: JsonObject, trail: readonly string[] = []): unknown {
  if (Array.isArray(node)) {
    return node.map((item) => resolved(item, document, trail));
  }
  if (!isObject(node)) {
    return node;
  }
  const reference = node.$ref;
  if (typeof reference === 'string') {
    if (trail.includes(reference)) {
      throw new Error(`${OPENAPI_FILE}: ${reference} refers to itself`);
    }
    const { $ref: _ref, ...siblings } = node;
    const target = resolved(pointedTo(document, reference), document, [...trail, reference]);
    return isObject(target) ? { ...target, ...(resolved(siblings, document, trail) as JsonObject) } : target;
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolved(value, document, trail)]));
}

/** docs/openapi.yaml, parsed (its references still in place). */
export function readOpenApiDocument(file = OPENAPI_FILE): JsonObject {
  const document: unknown = parse(readFileSync(file, 'utf8'));
  if (!isObject(document) || !isObject(document.paths)) {
    throw new Error(`${file} is no OpenAPI document`);
  }
  return document;
}
