import { ConcurrencyLimit } from '../../../server/limits/ConcurrencyLimit';
import {
  fitPayload,
  MAX_PAYLOAD_BYTES,
  newOrderFacts,
  newOrderNotification,
  type PushNotificationPayload,
  payloadBytes,
} from '../../../server/push/orderNotification';

const order = {
  id: '01900000-0000-7000-8000-0000000000aa',
  number: 'AN-2026-000123',
  begin: '2026-06-16T08:00:00.000Z',
  station: 'Kiel',
  customer: { name: 'Jana Petersen' },
};

describe('the notification of a new order', () => {
  it('is in German for a German user: title, customer, begin in Berlin time, station; a click opens the order', () => {
    expect(newOrderNotification(order, 'de')).toEqual({
      title: 'Neuer Auftrag AN-2026-000123',
      body: 'Jana Petersen\nBeginn: Di., 16.06.2026, 10:00 Uhr · Station: Kiel',
      icon: '/icons/icon-192.png',
      dir: 'ltr',
      lang: 'de',
      tag: 'order-01900000-0000-7000-8000-0000000000aa',
      data: { url: '/orders/01900000-0000-7000-8000-0000000000aa', orderId: '01900000-0000-7000-8000-0000000000aa' },
    });
  });

  it('is in English for an English user, with the begin in London time', () => {
    expect(newOrderNotification(order, 'en')).toEqual(
      expect.objectContaining({
        title: 'New order AN-2026-000123',
        body: 'Jana Petersen\nBegins: Tue, 16 Jun 2026, 09:00 · Station: Kiel',
        lang: 'en',
      }),
    );
  });

  it('is read from the data of an order.created event, and nothing else is taken for one', () => {
    expect(newOrderFacts(JSON.stringify({ ...order, status: 'new', price: { amount: 1, currency: 'EUR' } }))).toEqual(order);
    expect(newOrderFacts('{')).toBeUndefined();
    expect(newOrderFacts('null')).toBeUndefined();
    expect(newOrderFacts(JSON.stringify({ ...order, customer: {} }))).toBeUndefined();
    expect(newOrderFacts(JSON.stringify({ id: order.id }))).toBeUndefined();
  });
});

describe('fitting a payload into a push message', () => {
  const payload: PushNotificationPayload = {
    title: 'Neuer Auftrag AN-2026-000123',
    body: 'Jana Petersen',
    icon: '/icons/icon-192.png',
    dir: 'ltr',
    lang: 'de',
    tag: 'order-1',
    data: { url: '/orders/1', orderId: '1' },
  };

  it('leaves a payload that fits as it is', () => {
    expect(fitPayload(payload)).toBe(payload);
  });

  it('cuts a long body (multi-byte characters whole) to the longest that fits, ending with an ellipsis', () => {
    const body = 'Müller-Lüdenscheidt 🚗 '.repeat(400);
    const fitted = fitPayload({ ...payload, body });
    expect(fitted).toBeDefined();
    const bytes = payloadBytes(fitted as PushNotificationPayload);
    expect(bytes).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(fitted?.title).toBe(payload.title);
    expect(fitted?.body.endsWith('…')).toBe(true);
    const kept = (fitted?.body ?? '').slice(0, -1);
    expect(body.startsWith(kept)).toBe(true);
    // The next character (with the spaces before it) would not have fitted.
    const next = /^\s*\S/u.exec(body.slice(kept.length))?.[0] ?? '';
    expect(payloadBytes({ ...payload, body: `${kept}${next}…` })).toBeGreaterThan(MAX_PAYLOAD_BYTES);
    expect(fitted?.body).not.toContain('\uFFFD');
  });

  it('drops the image before cutting the body', () => {
    const image = `/images/${'x'.repeat(300)}.png`;
    const maxBytes = payloadBytes(payload) + 10;
    expect(fitPayload({ ...payload, image }, maxBytes)).toEqual(payload);
  });

  it('cuts the title when even an empty body does not fit, and gives up when nothing does', () => {
    const title = 'T'.repeat(500);
    const fitted = fitPayload({ ...payload, title }, 400);
    expect(fitted?.body).toBe('');
    expect(fitted?.title.endsWith('…')).toBe(true);
    expect(payloadBytes(fitted as PushNotificationPayload)).toBeLessThanOrEqual(400);
    expect(fitPayload(payload, 100)).toBeUndefined();
  });

  it('fits a new order with an endless customer name', () => {
    const notification = newOrderNotification({ ...order, customer: { name: 'Ö'.repeat(10_000) } }, 'de');
    expect(notification).toBeDefined();
    expect(payloadBytes(notification as PushNotificationPayload)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(notification?.title).toBe('Neuer Auftrag AN-2026-000123');
  });
});

describe('ConcurrencyLimit', () => {
  it('runs at most `limit` tasks at a time, the others in arrival order, and refuses beyond `maxWaiting`', async () => {
    const limit = new ConcurrencyLimit(2, 2);
    const release = new Map<number, () => void>();
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const task = (index: number) => () =>
      new Promise<void>((resolve) => {
        started.push(index);
        running += 1;
        most = Math.max(most, running);
        release.set(index, () => {
          running -= 1;
          resolve();
        });
      });
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    const runs = [0, 1, 2, 3].map((index) => limit.run(task(index)));
    expect(await limit.run(task(4))).toBe(false);
    await settle();
    expect(started).toEqual([0, 1]);
    release.get(1)?.();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    // A place is free again only when one ends: a newcomer now waits behind 3.
    const late = limit.run(task(5));
    release.get(0)?.();
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    release.get(2)?.();
    release.get(3)?.();
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 5]);
    release.get(5)?.();
    expect(await Promise.all([...runs, late])).toEqual([true, true, true, true, true]);
    expect(most).toBe(2);
  });
});
