// What the cluster bench asks of the backend besides its load: signing in, keeping tokens fresh
// (they last 15 minutes: the bench outlasts them), the orders it changes, and where a tenant's events stand.
import http from 'node:http';
import { DEMO_PASSWORD, DEMO_TENANTS } from '../../../server/seed/demoAccounts';

/** A signed-in session of a demo tenant's operator: its current token and when that expires (ms). */
export interface Session {
  tenant: number;
  token: string;
  expiresAt: number;
}

/** An order as the writers change it: one change at a time, `version` from the last answer's ETag. */
export interface WriterOrder {
  id: string;
  version: number;
}

interface LoginAnswer {
  token: string;
  expiresAt: string;
}

async function post(url: string, body: unknown, token?: string): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, text: await response.text() };
}

function sessionOf(tenant: number, text: string): Session {
  const answer = JSON.parse(text) as LoginAnswer;
  return { tenant, token: answer.token, expiresAt: Date.parse(answer.expiresAt) };
}

/** Signs in `count` times to the tenant's demo operator, a few at a time, spread over the backends. */
export async function signIn(urls: readonly string[], tenant: number, count: number): Promise<Session[]> {
  const email = DEMO_TENANTS[tenant]?.user.email;
  const sessions: Session[] = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) {
      for (let attempt = 0; ; attempt++) {
        const answer = await post(`${urls[index % urls.length]}/api/auth/login`, { email, password: DEMO_PASSWORD });
        if (answer.status === 200) {
          sessions.push(sessionOf(tenant, answer.text));
          break;
        }
        // 503 while the password checks are busy: wait and try again.
        if (attempt > 20) throw new Error(`sign-in answered ${answer.status}: ${answer.text}`);
        await new Promise((resolve) => setTimeout(resolve, 500 * (attempt + 1)));
      }
    }
  };
  await Promise.all(Array.from({ length: 3 }, worker));
  return sessions;
}

/**
 * Renews, in place, the sessions whose token expires within `seconds` (POST /api/auth/renew, as the
 * console does; the old token is revoked and its streams end, so this is done between runs, when no
 * stream is open). Answers how many were renewed.
 */
export async function keepFresh(urls: readonly string[], sessions: readonly Session[], seconds: number): Promise<number> {
  const due = sessions.filter((session) => session.expiresAt - Date.now() < seconds * 1000);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < due.length; index = next++) {
      const session = due[index] as Session;
      const answer = await post(`${urls[index % urls.length]}/api/auth/renew`, {}, session.token);
      if (answer.status !== 200) throw new Error(`renewal answered ${answer.status}: ${answer.text}`);
      Object.assign(session, sessionOf(session.tenant, answer.text));
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return due.length;
}

/** The first `count` orders of the tenant's list (wide range), with their versions. */
export async function ordersOf(url: string, token: string, count: number): Promise<WriterOrder[]> {
  const begin = new Date(Date.now() - 180 * 86_400_000).toISOString();
  const end = new Date(Date.now() + 180 * 86_400_000).toISOString();
  const orders: WriterOrder[] = [];
  let cursor: string | undefined;
  do {
    const query = `begin=${encodeURIComponent(begin)}&end=${encodeURIComponent(end)}&limit=500${cursor ? `&cursor=${cursor}` : ''}`;
    const response = await fetch(`${url}/api/orders?${query}`, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`the order list answered ${response.status}: ${await response.text()}`);
    const page = (await response.json()) as { items: WriterOrder[]; nextCursor?: string | null };
    orders.push(...page.items.map(({ id, version }) => ({ id, version })));
    cursor = page.nextCursor ?? undefined;
  } while (cursor && orders.length < count);
  if (orders.length === 0) throw new Error('the tenant has no orders in range');
  return orders.slice(0, count);
}

/** The orders again with the versions they have now (other runs changed them meanwhile). */
export async function currentVersions(url: string, token: string, orders: readonly WriterOrder[]): Promise<WriterOrder[]> {
  const byId = new Map((await ordersOf(url, token, Number.MAX_SAFE_INTEGER)).map((order) => [order.id, order.version]));
  return orders.map((order) => ({ id: order.id, version: byId.get(order.id) ?? order.version }));
}

/**
 * The tenant's last event id, as a stream tells it: resumed from an id beyond the last, it answers
 * `event: reset` carrying the last id (see LiveStream).
 */
export function lastEventId(url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${url}/api/events`,
      { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', 'last-event-id': '999999999999' } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          const match = /id: (\d+)\nevent: reset\n/.exec(text);
          if (match) {
            request.destroy();
            resolve(Number(match[1]));
          }
        });
        response.on('end', () => reject(new Error(`no reset from ${url}: ${text}`)));
      },
    );
    request.on('error', reject);
  });
}
