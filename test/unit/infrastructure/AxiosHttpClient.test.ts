import { runInAction } from 'mobx';
import { ApiError } from '../../../src/domain/model/ApiError';
import { HttpClient } from '../../../src/domain/ports/HttpClient';
import { SessionStore } from '../../../src/domain/ports/SessionStore';
import { createTestContainer, type TestBed } from '../support/createTestContainer';
import { loginResult } from '../support/demoUser';

describe('AxiosHttpClient', () => {
  let bed: TestBed;
  let http: HttpClient;
  let session: SessionStore;

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
    http = bed.container.get<HttpClient>(HttpClient);
    session = bed.container.get<SessionStore>(SessionStore);
    bed.backend
      .on('GET /things', { status: 200, body: [] })
      .on('POST /things', { status: 201, body: {} })
      .on('PATCH /things/1', { status: 200, body: { id: 1 } })
      .on('DELETE /things/1', { status: 204 });
  });

  it('sends the token and the language on every request', async () => {
    const login = loginResult(bed.clock.now());
    runInAction(() => session.signIn(login));
    await http.get('/things');
    await http.post('/things', { a: 1 });
    await http.put('/things/1', { b: 2 });
    await http.delete('/things/1');
    expect(bed.backend.requests).toHaveLength(4);
    for (const request of bed.backend.requests) {
      expect(request.headers.Authorization).toBe(`Bearer ${login.token}`);
      expect(request.headers['x-ui-locale']).toBe('de');
    }
  });

  it('reads the session at the moment a request leaves', async () => {
    await http.get('/things');
    runInAction(() => session.setLanguage('en'));
    await http.get('/things');
    expect(bed.backend.requests[0]?.headers.Authorization).toBeUndefined();
    expect(bed.backend.requests[0]?.headers['x-ui-locale']).toBe('de');
    expect(bed.backend.requests[1]?.headers['x-ui-locale']).toBe('en');
  });

  it('sends put() as PATCH with the body', async () => {
    const answer = await http.put<{ id: number }>('/things/1', { status: 'confirmed' });
    expect(answer).toEqual({ id: 1 });
    expect(bed.backend.requests[0]).toMatchObject({ method: 'PATCH', url: '/things/1', body: { status: 'confirmed' } });
  });

  it('repeats array parameters', async () => {
    await http.get('/things', { params: { status: ['new', 'confirmed'], q: 'HH' } });
    expect(bed.backend.requests[0]?.params).toEqual({ status: ['new', 'confirmed'], q: 'HH' });
  });

  it('turns a problem body into a typed, translatable error', async () => {
    const problem = { type: 'about:blank', title: 'Ungültig', status: 422, errors: [{ field: 'theme.color1', message: 'x' }] };
    bed.backend.on('PATCH /me', { status: 422, body: problem });
    const error = await http.put('/me', { theme: { color1: 'red' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, kind: 'validation', messageKey: 'errors.validation', problem });
    expect((error as ApiError).fieldErrors).toEqual(problem.errors);
  });

  it('reports an unreachable server as a network error', async () => {
    const error = await http.get('/nowhere').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, kind: 'network', messageKey: 'errors.network' });
  });

  it('announces a 401 with the token the request carried', async () => {
    const login = loginResult(bed.clock.now());
    runInAction(() => session.signIn(login));
    bed.backend.on('GET /me', { status: 401, body: { type: 'about:blank', title: 'Unauthorized', status: 401 } });
    const events: unknown[] = [];
    http.onDidReceiveUnauthorized((event) => events.push(event));
    await expect(http.get('/me')).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(events).toEqual([{ path: '/me', token: login.token }]);
  });
});
