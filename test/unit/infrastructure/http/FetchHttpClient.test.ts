/** @jest-environment node */
// Node has fetch's Response, Headers and Blob as the browser has them; jsdom does not.
import { ApiError } from '../../../../src/domain/model/ApiError';
import type { Language } from '../../../../shared/Language';
import type { RequestActivity } from '../../../../src/domain/ports/RequestActivity';
import type { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { FetchHttpClient, type FetchWindow } from '../../../../src/infrastructure/http/FetchHttpClient';

/** A request as fetch was called with it. */
interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** How the fake network answers: a Response, or a rejection as fetch's on a network error. */
type Reply = Response | Error | (() => Response | Promise<Response>);

const problem = (status: number, title: string, extra: object = {}) => ({ type: 'about:blank', title, status, ...extra });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' } });

describe('FetchHttpClient', () => {
  let session: { token: string | null; language: Language };
  let sent: Sent[];
  let reply: Reply;
  let page: FetchWindow;
  let http: FetchHttpClient;

  /** The page's fetch: records each call as it is made and answers with `reply`. */
  const fakeFetch = (url: string, init: RequestInit): Promise<Response> => {
    sent.push({
      url,
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: init.body as string | undefined,
    });
    if (reply instanceof Error) {
      return Promise.reject(reply);
    }
    return Promise.resolve(typeof reply === 'function' ? reply() : reply);
  };

  beforeEach(() => {
    session = { token: null, language: 'de' };
    sent = [];
    reply = new Response(null, { status: 204 });
    page = { fetch: fakeFetch };
    http = new FetchHttpClient(session as unknown as SessionStore, { baseURL: '/api', window: page });
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
      const trailing = new FetchHttpClient(session as unknown as SessionStore, { baseURL: 'https://api.example/api/', window: page });
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
    it('sends the token and the language with every method', async () => {
      session.token = 'token-1';
      await http.get('/things');
      await http.post('/things', { a: 1 });
      await http.put('/things/1', { b: 2 });
      await http.delete('/things/1');
      expect(sent).toHaveLength(4);
      for (const request of sent) {
        expect(request.headers).toMatchObject({ Authorization: 'Bearer token-1', 'x-ui-locale': 'de', Accept: 'application/json' });
      }
    });

    it('reads the session at the moment a request leaves', async () => {
      await http.get('/things');
      session.language = 'en';
      session.token = 'token-2';
      await http.get('/things');
      expect(sent[0]?.headers).not.toHaveProperty('Authorization');
      expect(sent[0]?.headers['x-ui-locale']).toBe('de');
      expect(sent[1]?.headers).toMatchObject({ Authorization: 'Bearer token-2', 'x-ui-locale': 'en' });
    });

    it("takes the caller's headers over the defaults, in any case, and the session's over the caller's", async () => {
      session.token = 'token-1';
      await http.get('/orders/export.csv', { headers: { accept: 'text/csv', 'If-Match': '"3"', authorization: 'Bearer other', 'X-UI-Locale': 'fr' } });
      expect(last().headers).toEqual({ accept: 'text/csv', 'If-Match': '"3"', Authorization: 'Bearer token-1', 'x-ui-locale': 'de' });
    });

    it("keeps the caller's Authorization when signed out", async () => {
      await http.get('/things', { headers: { Authorization: 'Bearer given' } });
      expect(last().headers.Authorization).toBe('Bearer given');
    });

    it('says the body is JSON only when there is one', async () => {
      await http.get('/things');
      await http.post('/auth/logout');
      await http.delete('/things/1');
      for (const request of sent) {
        expect(request.body).toBeUndefined();
        expect(Object.keys(request.headers).map((name) => name.toLowerCase())).not.toContain('content-type');
      }
      await http.post('/things', { a: 1 });
      expect(last().headers['Content-Type']).toBe('application/json');
      await http.post('/things', { a: 1 }, { headers: { 'content-type': 'application/merge-patch+json' } });
      expect(last().headers).toMatchObject({ 'content-type': 'application/merge-patch+json' });
      expect(last().headers).not.toHaveProperty('Content-Type');
    });
  });

  describe('the methods and bodies', () => {
    it('sends put() as PATCH with the body as JSON, and If-Match as given', async () => {
      reply = json(200, { id: 1, version: 4 });
      const answer = await http.put<{ id: number }>('/orders/1', { status: 'confirmed' }, { headers: { 'If-Match': '"3"' } });
      expect(answer).toEqual({ id: 1, version: 4 });
      expect(last()).toMatchObject({ method: 'PATCH', url: '/api/orders/1', body: '{"status":"confirmed"}', headers: { 'If-Match': '"3"' } });
    });

    it('sends post() with its body, and delete() with the body it names', async () => {
      await http.post('/auth/login', { email: 'a@b.example', password: 'x' });
      await http.delete('/push/subscriptions', { body: { endpoint: 'https://push.example/send/1' } });
      expect(sent.map(({ method, url, body }) => [method, url, body])).toEqual([
        ['POST', '/api/auth/login', '{"email":"a@b.example","password":"x"}'],
        ['DELETE', '/api/push/subscriptions', '{"endpoint":"https://push.example/send/1"}'],
      ]);
    });
  });

  describe('the answer', () => {
    it('is the JSON body of a 2xx answer', async () => {
      reply = json(201, { items: [{ id: 'o-1' }], total: 1 });
      await expect(http.post('/things', {})).resolves.toEqual({ items: [{ id: 'o-1' }], total: 1 });
    });

    it('is undefined for an empty body, and the text for a body that is not JSON', async () => {
      reply = new Response(null, { status: 204 });
      await expect(http.delete('/things/1')).resolves.toBeUndefined();
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
    it('turn a problem body into a typed, translatable error with its field errors', async () => {
      const body = { type: 'about:blank', title: 'Ungültig', status: 422, detail: 'Farbe ungültig', errors: [{ field: 'theme.color1', message: 'x' }] };
      reply = json(422, body);
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
    ])('a %i answer is a %s error with its problem', async (status, kind) => {
      reply = json(status, problem(status, 'Refused'));
      await expect(http.get('/things')).rejects.toMatchObject({ status, kind, messageKey: `errors.${kind}`, problem: { title: 'Refused' } });
    });

    it('a refusal whose body is no problem (a proxy page) keeps its status, without a problem', async () => {
      reply = new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } });
      const error = await http.get('/things').catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 502, kind: 'server', problem: undefined });
      reply = new Response(null, { status: 404 });
      await expect(http.get('/things')).rejects.toMatchObject({ status: 404, kind: 'not-found', problem: undefined });
    });

    it('a refusal of a file request carries its problem too', async () => {
      reply = json(400, problem(400, 'Zeitraum zu lang', { errors: [{ field: 'end', message: 'zu weit' }] }));
      const error = await http.get('/orders/export.csv', { responseType: 'blob' }).catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 400, kind: 'bad-request', fieldErrors: [{ field: 'end', message: 'zu weit' }] });
    });

    it('an unreachable server, a body cut off and a body that cannot be sent are network errors', async () => {
      reply = new TypeError('Failed to fetch');
      await expect(http.get('/nowhere')).rejects.toMatchObject({ status: 0, kind: 'network', messageKey: 'errors.network' });
      const cutOff = new Response(new ReadableStream({ pull: (controller) => controller.error(new TypeError('network error')) }), { status: 200 });
      reply = cutOff;
      await expect(http.get('/things')).rejects.toMatchObject({ status: 0, kind: 'network' });
      const circular: Record<string, unknown> = {};
      circular.self = circular;
      const count = sent.length;
      await expect(http.post('/things', circular)).rejects.toMatchObject({ status: 0, kind: 'network' });
      expect(sent).toHaveLength(count);
    });

    it('announce a 401 with the path and the token the request carried, and only a 401', async () => {
      const events: unknown[] = [];
      http.onDidReceiveUnauthorized((event) => events.push(event));
      session.token = 'token-1';
      reply = () => {
        // The session changes while the request is under way: the event names the token sent.
        session.token = 'token-2';
        return json(401, problem(401, 'Unauthorized'));
      };
      await expect(http.get('/me', { params: { x: '1' } })).rejects.toMatchObject({ kind: 'unauthorized' });
      session.token = null;
      reply = json(401, problem(401, 'Unauthorized'));
      await expect(http.post('/auth/login', {})).rejects.toMatchObject({ status: 401 });
      reply = json(403, problem(403, 'Forbidden'));
      await expect(http.get('/me')).rejects.toMatchObject({ status: 403 });
      expect(events).toEqual([
        { path: '/me', token: 'token-1' },
        { path: '/auth/login', token: null },
      ]);
    });

    it('announce nothing once disposed', async () => {
      const events: unknown[] = [];
      http.onDidReceiveUnauthorized((event) => events.push(event));
      http.dispose();
      reply = json(401, problem(401, 'Unauthorized'));
      await expect(http.get('/me')).rejects.toMatchObject({ status: 401 });
      expect(events).toEqual([]);
    });
  });

  describe('when a request leaves', () => {
    it('calls fetch in the same turn as the call, before work queued meanwhile', async () => {
      let queuedWorkRan = false;
      queueMicrotask(() => (queuedWorkRan = true));
      const answer = http.get('/things');
      expect(sent).toHaveLength(1);
      expect(queuedWorkRan).toBe(false);
      await answer;
    });

    it("looks the page's fetch up at every request (telemetry wraps it once it has loaded)", async () => {
      await http.get('/things');
      const wrapped = jest.fn((url: string, init: RequestInit) => fakeFetch(url, init));
      page.fetch = wrapped;
      await http.get('/things');
      expect(wrapped).toHaveBeenCalledTimes(1);
      expect(sent).toHaveLength(2);
    });

    it('calls fetch on the page, as a browser requires', async () => {
      const receivers: unknown[] = [];
      const pageWithThis = {
        fetch(this: unknown, url: string, init: RequestInit) {
          receivers.push(this);
          return fakeFetch(url, init);
        },
      };
      const client = new FetchHttpClient(session as unknown as SessionStore, { baseURL: '/api', window: pageWithThis });
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
    let measured: FetchHttpClient;
    /** What was under way each time the network answered. */
    const underWayWhileAnswering: number[] = [];

    beforeEach(() => {
      activity = new RecordingActivity();
      underWayWhileAnswering.length = 0;
      measured = new FetchHttpClient(session as unknown as SessionStore, { baseURL: '/api', window: page, activity });
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

    it('on a refusal and on a network failure too', async () => {
      reply = () => {
        underWayWhileAnswering.push(activity.pending);
        return json(500, problem(500, 'Error'));
      };
      await expect(measured.get('/broken')).rejects.toBeInstanceOf(ApiError);
      reply = new TypeError('Failed to fetch');
      await expect(measured.delete('/nowhere', { body: {} })).rejects.toMatchObject({ kind: 'network' });
      expect(underWayWhileAnswering).toEqual([1]);
      expect(activity.calls).toEqual(['started', 'finished', 'started', 'finished']);
      expect(activity.pending).toBe(0);
    });
  });
});
