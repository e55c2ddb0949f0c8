import { type JsonObject, OPERATION_METHODS, resolved } from './openApiDocument';

/** What Fastify validates a request with: path parameters, query string and JSON body. */
export interface RequestSchema {
  params?: JsonObject;
  querystring?: JsonObject;
  body?: JsonObject;
}

/** One operation of the contract as the backend checks its requests. */
export interface ContractOperation {
  operationId: string;
  /** `GET`, `POST`, … */
  method: string;
  /** The path as Fastify writes it: `/api/orders/:id`. */
  url: string;
  schema: RequestSchema;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonObject;
}

/** `/api/orders/{id}` as Fastify writes it: `/api/orders/:id`. */
export function fastifyUrl(openApiPath: string): string {
  return openApiPath.replace(/\{([^}]+)\}/g, ':$1');
}

/**
 * The parameters of one place (`path` or `query`) as the schema of an object: each by its name and
 * schema, the required ones required, and no others (an unknown query parameter is a 400).
 */
function parametersSchema(parameters: readonly Parameter[], place: 'path' | 'query'): JsonObject | undefined {
  const here = parameters.filter((parameter) => parameter.in === place);
  if (place === 'path' && here.length === 0) {
    return undefined;
  }
  return {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(here.map((parameter) => [parameter.name, parameter.schema ?? {}])),
    required: here.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  };
}

/**
 * The JSON body's schema, when JSON is the only body the operation takes. A body of other media
 * types too (OTLP's protobuf and JSON) is read and checked by its own decoder.
 */
function bodySchema(operation: JsonObject): JsonObject | undefined {
  const content = (operation.requestBody as { content?: Record<string, { schema?: JsonObject }> } | undefined)?.content;
  const mediaTypes = Object.keys(content ?? {});
  if (mediaTypes.length !== 1 || mediaTypes[0] !== 'application/json') {
    return undefined;
  }
  return content?.['application/json']?.schema ?? {};
}

/**
 * Every operation of `document` with the schemas its requests are validated with. Headers are not
 * among them: each is read by the operation that takes it, with the answer the contract gives for
 * it (a missing `If-Match` is a 428, an unknown `x-ui-locale` means English).
 */
export function contractOperations(document: JsonObject): ContractOperation[] {
  const operations: ContractOperation[] = [];
  for (const [openApiPath, rawItem] of Object.entries(document.paths as JsonObject)) {
    const item = resolved(rawItem, document) as JsonObject;
    for (const method of OPERATION_METHODS) {
      const operation = item[method] as JsonObject | undefined;
      if (!operation) {
        continue;
      }
      const parameters = [...((item.parameters as Parameter[]) ?? []), ...((operation.parameters as Parameter[]) ?? [])];
      const params = parametersSchema(parameters, 'path');
      const body = bodySchema(operation);
      operations.push({
        operationId: String(operation.operationId),
        method: method.toUpperCase(),
        url: fastifyUrl(openApiPath),
        schema: { ...(params ? { params } : {}), querystring: parametersSchema(parameters, 'query'), ...(body ? { body } : {}) },
      });
    }
  }
  return operations;
}
