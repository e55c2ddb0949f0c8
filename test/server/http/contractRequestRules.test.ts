import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fastify, { type FastifyInstance } from 'fastify';
import { isMap, isSeq, parseDocument } from 'yaml';
import { registerContractRequestRules } from '../../../server/http/contract/contractRequestRules';
import { OPENAPI_FILE, readOpenApiDocument } from '../../../server/http/contract/openApiDocument';
import { contractOperations } from '../../../server/http/contract/requestSchemas';
import { registerErrorHandling } from '../../../server/http/errorHandling';
import { requestValidators } from '../../../server/http/requestValidation';
import type { RunningServer } from '../../../server/startServer';
import { call, expectProblem, GERMAN_ADMIN_EMAIL, login, STARTUP_TIMEOUT_MS, startTestServer } from '../support/testServer';

/**
 * The request rules of the backend are docs/openapi.yaml's: the routes bring no schemas of their own,
 * and what a copy of the contract says is what an app built on it refuses.
 */
describe('request rules from the contract', () => {
  let folder: string;

  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'cockpit-contract-'));
  });

  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  /** A copy of the contract with `change` applied to its YAML document. */
  function contractCopy(change: (document: ReturnType<typeof parseDocument>) => void): string {
    const document = parseDocument(readFileSync(OPENAPI_FILE, 'utf8'));
    change(document);
    const file = path.join(folder, `openapi-${Math.random().toString(36).slice(2)}.yaml`);
    writeFileSync(file, document.toString());
    return file;
  }

  /** An app on `file` with a route for every operation that answers what it was given, validated. */
  async function echoApp(file: string): Promise<FastifyInstance> {
    const app = fastify({ schemaController: requestValidators() });
    registerErrorHandling(app, { bodyLimit: 1024 * 1024, fallback: async () => false });
    registerContractRequestRules(app, file);
    for (const operation of contractOperations(readOpenApiDocument(file))) {
      app.route({ method: operation.method as 'GET', url: operation.url, handler: async (request) => ({ query: request.query, body: request.body }) });
    }
    await app.ready();
    return app;
  }

  const listOrders = (limit: number) => `/api/orders?begin=2026-06-01T00:00:00Z&end=2026-06-02T00:00:00Z&limit=${limit}`;

  it('validates with the contract it is given: a bound changed in the document changes what is refused', async () => {
    const original = await echoApp(OPENAPI_FILE);
    const narrowed = await echoApp(
      contractCopy((document) => {
        const parameters = document.getIn(['paths', '/api/orders', 'get', 'parameters']);
        const limit = isSeq(parameters) ? parameters.items.find((item) => isMap(item) && item.get('name') === 'limit') : undefined;
        if (!isMap(limit)) throw new Error('listOrders has no parameter limit');
        limit.setIn(['schema', 'maximum'], 7);
      }),
    );
    try {
      expect((await original.inject(listOrders(8))).statusCode).toBe(200);
      expect((await narrowed.inject(listOrders(7))).statusCode).toBe(200);
      const refused = await narrowed.inject(listOrders(8));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([{ field: 'limit', message: 'must be at most 7' }]);
    } finally {
      await original.close();
      await narrowed.close();
    }
  });

  it('fills in the defaults the contract states', async () => {
    const app = await echoApp(OPENAPI_FILE);
    try {
      const answer = (await app.inject(listOrders(3))).json() as { query: Record<string, unknown> };
      expect(answer.query).toMatchObject({ limit: 3, sort: '-begin' });
      const history = (await app.inject('/api/orders/x/history')).json() as { query: Record<string, unknown> };
      expect(history.query).toEqual({ limit: 50 });
    } finally {
      await app.close();
    }
  });

  it('does not start with a route the contract does not name, one with schemas of its own, or an operation no route serves', async () => {
    const unnamed = fastify({ schemaController: requestValidators() });
    registerContractRequestRules(unnamed);
    expect(() => unnamed.get('/api/not-in-the-contract', async () => ({}))).toThrow(/GET \/api\/not-in-the-contract is not an operation of/);

    const ownSchema = fastify({ schemaController: requestValidators() });
    registerContractRequestRules(ownSchema);
    expect(() => ownSchema.get('/api/orders/facets', { schema: { querystring: { type: 'object' } } }, async () => ({}))).toThrow(
      /GET \/api\/orders\/facets brings request schemas of its own/,
    );

    const unserved = fastify({ schemaController: requestValidators() });
    registerContractRequestRules(unserved);
    unserved.get('/api/orders/facets', async () => ({}));
    await expect(unserved.ready()).rejects.toThrow(/No route serves these operations of .*: GET \/config\.json/);
  });

  describe('on the backend', () => {
    let server: RunningServer;
    let token: string;

    beforeAll(async () => {
      server = await startTestServer();
      token = (await login(server, GERMAN_ADMIN_EMAIL)).token;
    }, STARTUP_TIMEOUT_MS);

    afterAll(async () => {
      await server?.close();
    });

    it.each(['/api/me', '/api/me/views', '/api/users', '/api/orders/facets', '/api/push/public-key', '/config.json', '/healthz'])(
      'refuses a query parameter the contract does not name on GET %s with 400 naming it',
      async (pathname) => {
        const body = await expectProblem(await call(server, `${pathname}?debug=1`, { token, locale: 'en' }), 400);
        expect(body.errors).toEqual([{ field: 'debug', message: 'is not a known field' }]);
      },
    );

    it('takes an export of chosen orders only with distinct ids, as the contract says', async () => {
      const id = '0190a1b2-0000-7000-8000-000000000001';
      const body = await expectProblem(await call(server, '/api/orders/export.csv', { method: 'POST', token, body: { ids: [id, id] }, locale: 'en' }), 400);
      expect(body.errors?.map((error) => error.field)).toEqual(['ids']);
      const prefixed = await expectProblem(await call(server, '/api/orders/export.csv', { method: 'POST', token, body: { ids: [`urn:uuid:${id}`] }, locale: 'en' }), 400);
      expect(prefixed.errors?.map((error) => error.field)).toEqual(['ids[0]']);
    });
  });
});
