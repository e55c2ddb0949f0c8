import { runInAction } from 'mobx';
import { ApiError } from '../../../src/domain/model/ApiError';
import { HttpClient } from '../../../src/domain/ports/HttpClient';
import type { RequestActivity } from '../../../src/domain/ports/RequestActivity';
import { SessionStore } from '../../../src/domain/ports/SessionStore';
import { AxiosHttpClient } from '../../../src/infrastructure/http/AxiosHttpClient';
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

  it('hands a request over in the same turn as the call, before work queued meanwhile', async () => {
    let queuedWorkRan = false;
    queueMicrotask(() => (queuedWorkRan = true));
    const answer = http.get('/things');
    // The adapter has the request already: it did not wait behind the microtask queued first.
    expect(bed.backend.requests).toHaveLength(1);
    expect(queuedWorkRan).toBe(false);
    await answer;
  });

  it('sends over XMLHttpRequest in the same turn too, without waiting for the Cookie Store', () => {
    // Chromium has window.cookieStore: axios would read an XSRF cookie from it first, asynchronously.
    const cookieStore = { get: jest.fn(() => new Promise(() => undefined)) };
    Object.defineProperty(window, 'cookieStore', { value: cookieStore, configurable: true });
    const send = jest.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(() => undefined);
    try {
      const client = new AxiosHttpClient(session, { baseURL: '/api' });
      void client.get('/things');
      expect(send).toHaveBeenCalledTimes(1);
      expect(cookieStore.get).not.toHaveBeenCalled();
      client.dispose();
    } finally {
      send.mockRestore();
      Reflect.deleteProperty(window, 'cookieStore');
    }
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

  it('sends the body of delete() as JSON', async () => {
    bed.backend.on('DELETE /push/subscriptions', { status: 204 });
    await http.delete('/push/subscriptions', { body: { endpoint: 'https://push.example/send/1' } });
    expect(bed.backend.requests[0]).toMatchObject({ method: 'DELETE', url: '/push/subscriptions', body: { endpoint: 'https://push.example/send/1' } });
  });

  describe('tells its activity when each request leaves and when it is answered', () => {
    /** Counts what is under way and what the backend saw under way while it answered. */
    class RecordingActivity implements RequestActivity {
      pending = 0;
      readonly calls: string[] = [];
      started(): void {
        this.pending++;
        this.calls.push('started');
      }
      finished(): void {
        this.pending--;
        this.calls.push('finished');
      }
    }

    let activity: RecordingActivity;
    let measured: AxiosHttpClient;
    const underWayWhileAnswering: number[] = [];

    beforeEach(() => {
      activity = new RecordingActivity();
      underWayWhileAnswering.length = 0;
      measured = new AxiosHttpClient(session, { baseURL: '/api', adapter: bed.backend.adapter, activity });
      bed.backend.on('GET /slow', () => {
        underWayWhileAnswering.push(activity.pending);
        return { status: 200, body: {} };
      });
    });

    afterEach(() => measured.dispose());

    it('on an answer', async () => {
      await Promise.all([measured.get('/slow'), measured.get('/slow')]);
      // Each is under way when it reaches the backend: the first alone, the second beside the first.
      expect(underWayWhileAnswering).toEqual([1, 2]);
      expect(activity.calls).toEqual(['started', 'started', 'finished', 'finished']);
      expect(activity.pending).toBe(0);
    });

    it('on a refusal and on a network failure too', async () => {
      bed.backend.on('GET /broken', () => {
        underWayWhileAnswering.push(activity.pending);
        return { status: 500, body: { type: 'about:blank', title: 'Error', status: 500 } };
      });
      await expect(measured.get('/broken')).rejects.toBeInstanceOf(ApiError);
      await expect(measured.delete('/nowhere', { body: {} })).rejects.toMatchObject({ kind: 'network' });
      expect(underWayWhileAnswering).toEqual([1]);
      expect(activity.calls).toEqual(['started', 'finished', 'started', 'finished']);
      expect(activity.pending).toBe(0);
    });
  });
});
