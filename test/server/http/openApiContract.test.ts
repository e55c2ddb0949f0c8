import { OpenApiContract } from '../support/openApiContract';

/** The contract check itself (support/openApiContract.ts), on answers made up here. */

const ORDER = {
  id: '0190a1b2-0000-7000-8000-000000000001',
  number: 'AN-2026-000123',
  status: 'confirmed',
  begin: '2026-06-15T08:30:00.000Z',
  end: '2026-06-15T10:00:00.000Z',
  station: 'Kiel',
  service: 'Inspektion',
  customer: { name: 'Jana Petersen', email: 'jana@example.com', phone: '+49 431 000000' },
  vehicle: { licensePlate: 'KI-AB 123', make: 'VW', model: 'Golf' },
  price: { amount: 12_900, currency: 'EUR' },
  notes: '',
  createdAt: '2026-06-01T08:00:00.000Z',
  updatedAt: '2026-06-01T08:00:00.000Z',
  version: 3,
};

const PROBLEM = { type: 'urn:order-cockpit:problem:order-not-found', title: 'Not found', status: 404, detail: 'No such order.' };

function json(body: unknown, status = 200, headers: Record<string, string> = {}, type = 'application/json; charset=utf-8'): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': type, ...headers } });
}

describe('the OpenAPI contract check', () => {
  let contract: OpenApiContract;

  beforeAll(async () => {
    contract = await OpenApiContract.load();
  });

  it('knows every operation by an id', () => {
    const operations = contract.operations;
    expect(operations.length).toBeGreaterThan(10);
    expect(operations.filter((operation) => !operation.operationId).map((operation) => `${operation.method} ${operation.path}`)).toEqual([]);
  });

  it('routes by method and path template, and leaves undocumented routes alone', async () => {
    expect(contract.operation('GET', `/api/orders/${ORDER.id}`)?.operationId).toBe('getOrder');
    expect(contract.operation('GET', '/api/orders/export.csv')?.operationId).toBe('exportOrders');
    expect(contract.operation('PATCH', `/api/orders/${ORDER.id}`)?.operationId).toBe('patchOrder');
    expect(contract.operation('GET', '/index.html')).toBeUndefined();
    expect(await contract.check('GET', '/sw.js', new Response('x', { status: 418 }))).toEqual([]);
  });

  it('takes an answer as documented', async () => {
    expect(await contract.check('GET', `/api/orders/${ORDER.id}`, json(ORDER, 200, { etag: '"3"' }))).toEqual([]);
    expect(await contract.check('GET', `/api/orders/${ORDER.id}`, json(PROBLEM, 404, {}, 'application/problem+json; charset=utf-8'))).toEqual([]);
    expect(await contract.check('POST', '/api/auth/logout', new Response(null, { status: 204 }))).toEqual([]);
  });

  it('names a status the operation does not list', async () => {
    expect(await contract.check('GET', `/api/orders/${ORDER.id}`, json(PROBLEM, 418, {}, 'application/problem+json'))).toEqual([
      'status 418 is not documented',
    ]);
  });

  it('names a content type other than the documented ones, and a body where none is documented', async () => {
    expect(await contract.check('GET', `/api/orders/${ORDER.id}`, json(ORDER, 200, { etag: '"3"' }, 'text/plain'))).toEqual([
      'Content-Type text/plain; documented: application/json',
    ]);
    expect(await contract.check('GET', '/api/orders/export.csv?begin=x', new Response('a;b\r\n', { status: 200, headers: { 'content-type': 'text/csv' } })))
      .toEqual(expect.arrayContaining(['Content-Type text/csv; documented: text/csv; charset=utf-8']));
    expect(await contract.check('POST', '/api/push/subscriptions', json({}, 201))).toEqual([
      'a body (application/json; charset=utf-8) where the document has none',
    ]);
  });

  it('names a required header that is missing, and a header of another type', async () => {
    expect(await contract.check('GET', `/api/orders/${ORDER.id}`, json(ORDER))).toEqual(['no ETag header']);
    expect(await contract.check('POST', '/api/auth/login', json(PROBLEM, 429, { 'retry-after': 'soon' }, 'application/problem+json'))).toEqual([
      expect.stringMatching(/^header retry-after must be integer/),
    ]);
  });

  it('names what in a JSON body breaks its schema, problems included', async () => {
    const { price: _price, ...withoutPrice } = ORDER;
    expect(await contract.check('GET', `/api/orders/${ORDER.id}`, json({ ...withoutPrice, begin: '2026-06-15T08:30:00Z' }, 200, { etag: '"3"' }))).toEqual(
      expect.arrayContaining([expect.stringContaining("must have required property 'price'"), expect.stringMatching(/^\/begin must match format "date-time"/)]),
    );
    const problem = { ...PROBLEM, status: '404' };
    expect(await contract.check('GET', `/api/orders/${ORDER.id}`, json(problem, 404, {}, 'application/problem+json'))).toEqual([
      expect.stringMatching(/^\/status must be integer/),
    ]);
    expect(await contract.check('GET', '/healthz', new Response('ok', { status: 200, headers: { 'content-type': 'application/json' } }))).toEqual([
      'a body that is not JSON: ok',
    ]);
  });
});
