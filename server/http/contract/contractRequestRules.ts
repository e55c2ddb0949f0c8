import type { FastifyInstance, RouteOptions } from 'fastify';
import { OPENAPI_FILE, readOpenApiDocument } from './openApiDocument';
import { type ContractOperation, contractOperations } from './requestSchemas';

/** The paths the contract covers: the API and the telemetry receiver (the console's files are not in it). */
const CONTRACT_PATH = /^\/(api|v1)\/|^\/(config\.json|healthz|readyz)$/;

function methodsOf(route: RouteOptions): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).map((method) => String(method).toUpperCase());
}

/**
 * The rules of every request come from docs/openapi.yaml, the one place they are written: each route
 * of the contract's paths is validated with its operation's schemas (path parameters, query string,
 * JSON body), set here as the route is added. A route that brings schemas of its own, or one the
 * contract does not name, stops the start; so does an operation no route serves.
 */
export function registerContractRequestRules(app: FastifyInstance, file = OPENAPI_FILE): void {
  const operations = new Map<string, ContractOperation>();
  for (const operation of contractOperations(readOpenApiDocument(file))) {
    operations.set(`${operation.method} ${operation.url}`, operation);
  }
  const served = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (!CONTRACT_PATH.test(route.url ?? '')) {
      return;
    }
    for (const method of methodsOf(route)) {
      // Fastify adds a HEAD route for every GET one: it is checked as the GET.
      const operation = operations.get(`${method === 'HEAD' ? 'GET' : method} ${route.url}`);
      if (!operation) {
        throw new Error(`${method} ${route.url} is not an operation of ${file}`);
      }
      if (route.schema && method !== 'HEAD') {
        throw new Error(`${method} ${route.url} brings request schemas of its own; they belong in ${file}`);
      }
      served.add(`${operation.method} ${operation.url}`);
      route.schema = { ...operation.schema };
    }
  });
  app.addHook('onReady', async () => {
    const unserved = [...operations.keys()].filter((key) => !served.has(key));
    if (unserved.length > 0) {
      throw new Error(`No route serves these operations of ${file}: ${unserved.join(', ')}`);
    }
  });
}
