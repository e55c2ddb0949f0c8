/** @jest-environment node */
// Node has fetch's Response, Headers, Blob and ReadableStream as the browser has them; jsdom does not.
import { AxiosHeaders, type AxiosRequestConfig } from 'axios';
import MockAdapter from 'axios-mock-adapter';
import { ApiError } from '../../../../src/domain/model/ApiError';
import type { RequestActivity } from '../../../../src/domain/ports/RequestActivity';
import { AxiosHttpClient } from '../../../../src/infrastructure/http/AxiosHttpClient';
import type { Language } from '../../../../shared/Language';

const problem = (status: number, title: string, extra: object = {}) => ({ type: 'about:blank', title, status, ...extra });

describe('AxiosHttpClient', () => {
  let session: { token: string | null; language: Language };

  beforeEach(() => {
    session = { token: null, language: 'de' };
  });

  describe('its interceptors (axios-mock-adapter on its instance)', () => {
    let http: AxiosHttpClient;
    let backend: MockAdapter;

    beforeEach(() => {
      http = new AxiosHttpClient(session, { baseURL: '/api', window: { fetch: () => Promise.reject(new Error('not the page')) } });
      backend = new MockAdapter(http.axios, { onNoMatch: 'throwException' });
    });

    afterEach(() => http.dispose());

    /** A header of a request as it went out, in any case. */
    const header = (request: AxiosRequestConfig | undefined, name: string) => AxiosHeaders.from(request?.headers as AxiosHeaders).get(name);

    it('add the token and the language to every method, as the session is when each request leaves', async () => {
      backend.onAny().reply(204);
      await http.get('/things');
      session.token = 'token-1';
      await http.post('/things', { a: 1 });
      session.language = 'en';
      await http.put('/things/1', { b: 2 });
      session.token = null;
      await http.delete('/things/1');
      expect(backend.history.map((request) => [request.method, header(request, 'Authorization'), header(request, 'x-ui-locale')])).toEqual([
        ['get', undefined, 'de'],
        ['post', 'Bearer token-1', 'de'],
        ['patch', 'Bearer token-1', 'en'],
        ['delete', undefined, 'en'],
      ]);
    });

    it("put the session's headers over the caller's, and keep the caller's Authorization when signed out", async () => {
      backend.onAny().reply(204);
      session.token = 'token-1';
      await http.get('/things', { headers: { authorization: 'Bearer other', 'X-UI-Locale': 'fr' } });
      session.token = null;
      await http.get('/things', { headers: { Authorization: 'Bearer given' } });
      expect(backend.history.map((request) => [header(request, 'Authorization'), header(request, 'x-ui-locale')])).toEqual([
        ['Bearer token-1', 'de'],
        ['Bearer given', 'de'],
      ]);
    });

    it('send put() as PATCH with the body as JSON and If-Match as given, and delete() with the body it names', async () => {
      backend.onPatch('/orders/1').reply(200, { id: 1, version: 4 });
      backend.onDelete('/push/subscriptions').reply(204);
      await expect(http.put('/orders/1', { status: 'confirmed' }, { headers: { 'If-Match': '"3"' } })).resolves.toEqual({ id: 1, version: 4 });
      await expect(http.delete('/push/subscriptions', { body: { endpoint: 'https://push.example/send/1' } })).resolves.toBeUndefined();
      const [update, removal] = backend.history;
      expect([update?.method, update?.url, update?.data, header(update, 'If-Match'), header(update, 'Content-Type')]).toEqual([
        'patch',
        '/orders/1',
        '{"status":"confirmed"}',
        '"3"',
        'application/json',
      ]);
      expect([removal?.method, removal?.data]).toEqual(['delete', '{"endpoint":"https://push.example/send/1"}']);
      expect(backend.history.put).toEqual([]);
    });

    it('turn a problem body into a typed, translatable error with its field errors', async () => {
      const body = { type: 'about:blank', title: 'Ungültig', status: 422, detail: 'Farbe ungültig', errors: [{ field: 'theme.color1', message: 'x' }] };
      backend.onPatch('/me').reply(422, body);
      const error = await http.put('/me', { theme: { color1: 'red' } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 422, kind: 'validation', messageKey: 'errors.validation', problem: body, message: 'Farbe ungültig' });
      expect((error as ApiError).fieldErrors).toEqual(body.errors);
    });

    it.each([
      [400, 'bad-request'],
      [403, 'forbidden'],
      [404, 'not-found'],
      [409, 'conflict'],
      [412, 'precondition-failed'],
      [413, 'too-large'],
      [428, 'precondition-required'],
      [429, 'rate-limited'],
      [500, 'server'],
      [503, 'server'],
    ])('turn a %i answer into a %s error with its problem', async (status, kind) => {
      backend.onGet('/things').reply(status, problem(status, 'Refused'));
      await expect(http.get('/things')).rejects.toMatchObject({ status, kind, messageKey: `errors.${kind}`, problem: { title: 'Refused' } });
    });

    it('turn no answer into a network error', async () => {
      backend.onGet('/nowhere').networkError();
      await expect(http.get('/nowhere')).rejects.toMatchObject({ status: 0, kind: 'network', messageKey: 'errors.network' });
    });

    it('announce every 401 with the path and the token the request carried, and every 403, each once', async () => {
      const unauthorized: unknown[] = [];
      const forbidden: unknown[] = [];
      http.onDidReceiveUnauthorized((event) => unauthorized.push(event));
      http.onDidReceiveForbidden((event) => forbidden.push(event));
      session.token = 'token-1';
      backend.onGet('/me').replyOnce(() => {
        // The session changes while the request is under way: the event names the token sent.
        session.token = 'token-2';
        return [401, problem(401, 'Unauthorized')];
      });
      await expect(http.get('/me', { params: { x: '1' } })).rejects.toMatchObject({ kind: 'unauthorized' });
      session.token = null;
      backend.onPost('/auth/login').reply(401, problem(401, 'Unauthorized'));
      await expect(http.post('/auth/login', {})).rejects.toMatchObject({ status: 401 });
      session.token = 'token-3';
      backend.onDelete('/users/u-2').reply(403, problem(403, 'Forbidden'));
      await expect(http.delete('/users/u-2')).rejects.toMatchObject({ kind: 'forbidden' });
      backend.onGet('/broken').reply(500, problem(500, 'Error'));
      await expect(http.get('/broken')).rejects.toMatchObject({ status: 500 });
      expect(unauthorized).toEqual([
        { path: '/me', token: 'token-1' },
        { path: '/auth/login', token: null },
      ]);
      expect(forbidden).toEqual([{ path: '/users/u-2', token: 'token-3' }]);
    });

    it('announce nothing once disposed', async () => {
      const events: unknown[] = [];
      http.onDidReceiveUnauthorized((event) => events.push(event));
      http.onDidReceiveForbidden((event) => events.push(event));
      http.dispose();
      backend.onGet('/me').reply(401, problem(401, 'Unauthorized'));
      backend.onGet('/users').reply(403, problem(403, 'Forbidden'));
      await expect(http.get('/me')).rejects.toMatchObject({ status: 401 });
      await expect(http.get('/users')).rejects.toMatchObject({ status: 403 });
      expect(events).toEqual([]);
    });
  });

  describe("over the page's fetch (axios' fetch adapter)", () => {
    /** A request as the page's fetch was called with it; header names in lower case, as fetch has them. */
    interface Sent {
      url: string;
      method: string;
      headers: Record<string, string>;
      body: unknown;
    }

    /** How the fake network answers: a Response, or a rejection as fetch's on a network error. */
    type Reply = Response | Error | (() => Response | Promise<Response>);

    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' } });

    let sent: Sent[];
    let reply: Reply;
    let page: Pick<Window, 'fetch'>;
    let http: AxiosHttpClient;

    /** The page's fetch: records each call as it is made and answers with `reply`. */
    const fakeFetch = (url: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
      sent.push({ url: String(url), method: init.method ?? 'GET', headers: Object.fromEntries(new Headers(init.headers)), body: init.body });
      if (reply instanceof Error) {
        return Promise.reject(reply);
      }
      return Promise.resolve(typeof reply === 'function' ? reply() : reply);
    };

    beforeEach(() => {
      sent = [];
      reply = new Response(null, { status: 204 });
      page = { fetch: fakeFetch };
      http = new AxiosHttpClient(session, { baseURL: '/api', window: page });
    });

    afterEach(() => http.dispose());

    const last = (): Sent => {
      const request = sent.at(-1);
      if (!request) {
        throw new Error('nothing was sent');
      }
      return request;
    };

    describe('the URL', () => {
      it('puts the path under the API base, with one slash between them', async () => {
        await http.get('/things');
        await http.get('things');
        const trailing = new AxiosHttpClient(session, { baseURL: 'https://api.example/api/', window: page });
        await trailing.get('/things/1');
        expect(sent.map((request) => request.url)).toEqual(['/api/things', '/api/things', 'https://api.example/api/things/1']);
      });

      it('leaves an absolute URL as it is', async () => {
        await http.get('https://elsewhere.example/x');
        await http.get('//elsewhere.example/y');
        expect(sent.map((request) => request.url)).toEqual(['https://elsewhere.example/x', '//elsewhere.example/y']);
      });

      it('repeats array parameters, keeps their order and leaves out what is undefined or null', async () => {
        await http.get('/things', { params: { status: ['new', 'confirmed'], q: 'HH', none: undefined, empty: [], limit: 100, all: false } });
        expect(last().url).toBe('/api/things?status=new&status=confirmed&q=HH&limit=100&all=false');
        await http.get('/things', { params: { none: undefined } });
        expect(last().url).toBe('/api/things');
      });

      it('encodes names and values as the console always has: `:`, `$` and `,` as they are, a space as `+`', async () => {
        await http.get('/orders', { params: { begin: '2026-11-23T00:00:00.000+01:00', q: 'Golf & Polo, 50% $x', 'a b': 'ä/?#' } });
        expect(last().url).toBe('/api/orders?begin=2026-11-23T00:00:00.000%2B01:00&q=Golf+%26+Polo,+50%25+$x&a+b=%C3%A4%2F%3F%23');
        expect(new URL(last().url, 'http://localhost').searchParams.get('q')).toBe('Golf & Polo, 50% $x');
      });

      it('adds parameters to a path with a query of its own, and drops a fragment', async () => {
        await http.get('/things?a=1#top', { params: { b: '2' } });
        expect(last().url).toBe('/api/things?a=1&b=2');
      });
    });

    describe('the headers', () => {
      it("ask for JSON, take the caller's headers over that in any case, and name no User-Agent of axios'", async () => {
        session.token = 'token-1';
        await http.get('/things');
        expect(last().headers).toEqual({ accept: 'application/json', authorization: 'Bearer token-1', 'x-ui-locale': 'de' });
        await http.get('/orders/export.csv', { headers: { accept: 'text/csv', 'If-Match': '"3"' } });
        expect(last().headers).toEqual({ accept: 'text/csv', 'if-match': '"3"', authorization: 'Bearer token-1', 'x-ui-locale': 'de' });
      });

      it('say the body is JSON only when there is one', async () => {
        await http.get('/things');
        await http.post('/auth/logout');
        await http.put('/things/1', undefined);
        await http.delete('/things/1');
        for (const request of sent) {
          expect(request.body).toBeUndefined();
          expect(request.headers).not.toHaveProperty('content-type');
        }
        await http.post('/things', { a: 1 });
        expect(last()).toMatchObject({ body: '{"a":1}', headers: { 'content-type': 'application/json' } });
        await http.post('/things', { a: 1 }, { headers: { 'content-type': 'application/merge-patch+json' } });
        expect(last().headers['content-type']).toBe('application/merge-patch+json');
      });
    });

    it('sends the methods with their bodies: put() as PATCH', async () => {
      await http.post('/auth/login', { email: 'a@b.example', password: 'x' });
      await http.put('/orders/1', { status: 'confirmed' });
      await http.delete('/push/subscriptions', { body: { endpoint: 'https://push.example/send/1' } });
      expect(sent.map(({ method, url, body }) => [method, url, body])).toEqual([
        ['POST', '/api/auth/login', '{"email":"a@b.example","password":"x"}'],
        ['PATCH', '/api/orders/1', '{"status":"confirmed"}'],
        ['DELETE', '/api/push/subscriptions', '{"endpoint":"https://push.example/send/1"}'],
      ]);
    });

    describe('the answer', () => {
      it('is the JSON body of a 2xx answer', async () => {
        reply = json(201, { items: [{ id: 'o-1' }], total: 1 });
        await expect(http.post('/things', {})).resolves.toEqual({ items: [{ id: 'o-1' }], total: 1 });
      });

      it('is undefined for an empty body, and the text for a body that is not JSON', async () => {
        reply = new Response(null, { status: 204 });
        await expect(http.delete('/things/1')).resolves.toBeUndefined();
        reply = new Response('', { status: 200, headers: { 'Content-Type': 'application/json' } });
        await expect(http.get('/things')).resolves.toBeUndefined();
        reply = new Response('plain words', { status: 200, headers: { 'Content-Type': 'text/plain' } });
        await expect(http.get('/things')).resolves.toBe('plain words');
      });

      it('is the file as a Blob when a blob is asked for', async () => {
        reply = new Response('id;status\no-1;new\n', { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
        const file = await http.get<Blob>('/orders/export.csv', { headers: { Accept: 'text/csv' }, responseType: 'blob' });
        expect(file).toBeInstanceOf(Blob);
        expect(file.type).toMatch(/^text\/csv/);
        await expect(file.text()).resolves.toBe('id;status\no-1;new\n');
      });
    });

    describe('failures', () => {
      it('a refusal of a file request carries its problem too', async () => {
        reply = json(400, problem(400, 'Zeitraum zu lang', { errors: [{ field: 'end', message: 'zu weit' }] }));
        const error = await http.get('/orders/export.csv', { responseType: 'blob' }).catch((e: unknown) => e);
        expect(error).toMatchObject({ status: 400, kind: 'bad-request', fieldErrors: [{ field: 'end', message: 'zu weit' }] });
      });

      it('a refusal whose body is no problem (a proxy page) keeps its status, without a problem', async () => {
        reply = new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } });
        await expect(http.get('/things')).rejects.toMatchObject({ status: 502, kind: 'server', problem: undefined });
        reply = new Response(null, { status: 404 });
        await expect(http.get('/things')).rejects.toMatchObject({ status: 404, kind: 'not-found', problem: undefined });
        reply = new Response('<html>Not here</html>', { status: 404 });
        await expect(http.get('/orders/export.csv', { responseType: 'blob' })).rejects.toMatchObject({ status: 404, problem: undefined });
      });

      it('an unreachable server, a body cut off and a body that cannot be sent are network errors', async () => {
        reply = new TypeError('Failed to fetch');
        await expect(http.get('/nowhere')).rejects.toMatchObject({ status: 0, kind: 'network', messageKey: 'errors.network' });
        reply = new Response(new ReadableStream({ pull: (controller) => controller.error(new TypeError('network error')) }), { status: 200 });
        await expect(http.get('/things')).rejects.toMatchObject({ status: 0, kind: 'network' });
        const circular: Record<string, unknown> = {};
        circular.self = circular;
        const count = sent.length;
        await expect(http.post('/things', circular)).rejects.toMatchObject({ status: 0, kind: 'network' });
        expect(sent).toHaveLength(count);
      });

      it('a 401 is announced with the token the request carried', async () => {
        const events: unknown[] = [];
        http.onDidReceiveUnauthorized((event) => events.push(event));
        session.token = 'token-1';
        reply = () => {
          session.token = 'token-2';
          return json(401, problem(401, 'Unauthorized'));
        };
        await expect(http.get('/me')).rejects.toMatchObject({ kind: 'unauthorized', problem: { title: 'Unauthorized' } });
        expect(events).toEqual([{ path: '/me', token: 'token-1' }]);
      });
    });

    describe('when a request leaves', () => {
      it('calls fetch in the same turn as the call, before work queued meanwhile', async () => {
        let queuedWorkRan = false;
        queueMicrotask(() => (queuedWorkRan = true));
        session.token = 'token-1';
        const answer = http.put('/orders/1', { status: 'confirmed' });
        expect(sent).toHaveLength(1);
        expect(last().headers).toMatchObject({ authorization: 'Bearer token-1' });
        expect(queuedWorkRan).toBe(false);
        await answer;
      });

      it("looks the page's fetch up at every request (telemetry wraps it once it has loaded)", async () => {
        await http.get('/things');
        const wrapped = jest.fn((url: RequestInfo | URL, init?: RequestInit) => fakeFetch(url, init));
        page.fetch = wrapped;
        await http.get('/things');
        expect(wrapped).toHaveBeenCalledTimes(1);
        expect(sent).toHaveLength(2);
      });

      it('calls fetch on the page, as a browser requires', async () => {
        const receivers: unknown[] = [];
        const pageWithThis = {
          fetch(this: unknown, url: RequestInfo | URL, init?: RequestInit) {
            receivers.push(this);
            return fakeFetch(url, init);
          },
        };
        const client = new AxiosHttpClient(session, { baseURL: '/api', window: pageWithThis });
        await client.get('/things');
        expect(receivers).toEqual([pageWithThis]);
      });
    });

    describe('tells its activity when each request leaves and when it is answered', () => {
      /** Counts what is under way. */
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
      /** What was under way each time the network answered. */
      const underWayWhileAnswering: number[] = [];

      beforeEach(() => {
        activity = new RecordingActivity();
        underWayWhileAnswering.length = 0;
        measured = new AxiosHttpClient(session, { baseURL: '/api', window: page, activity });
      });

      afterEach(() => measured.dispose());

      it('on an answer, once its body is read', async () => {
        reply = () => {
          underWayWhileAnswering.push(activity.pending);
          return json(200, {});
        };
        await Promise.all([measured.get('/slow'), measured.get('/slow')]);
        // Each is under way when it reaches the network: the first alone, the second beside the first.
        expect(underWayWhileAnswering).toEqual([1, 2]);
        expect(activity.calls).toEqual(['started', 'started', 'finished', 'finished']);
        expect(activity.pending).toBe(0);
      });

      it('on a refusal, on a network failure and on a body that cannot be sent too', async () => {
        reply = () => {
          underWayWhileAnswering.push(activity.pending);
          return json(500, problem(500, 'Error'));
        };
        await expect(measured.get('/broken')).rejects.toBeInstanceOf(ApiError);
        reply = new TypeError('Failed to fetch');
        await expect(measured.delete('/nowhere', { body: {} })).rejects.toMatchObject({ kind: 'network' });
        const circular: Record<string, unknown> = {};
        circular.self = circular;
        await expect(measured.post('/things', circular)).rejects.toMatchObject({ kind: 'network' });
        expect(underWayWhileAnswering).toEqual([1]);
        expect(activity.calls).toEqual(['started', 'finished', 'started', 'finished', 'started', 'finished']);
        expect(activity.pending).toBe(0);
      });
    });
  });
});
