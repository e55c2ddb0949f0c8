import { genericNotificationTexts } from '../../../src/serviceWorker/genericNotificationTexts';
import { notificationFromPayload } from '../../../src/serviceWorker/notificationFromPayload';

const german = genericNotificationTexts('de-DE');
const english = genericNotificationTexts('en-US');

describe('notificationFromPayload', () => {
  it('shows the payload’s title, body, icon, dir, lang, data, tag and image', () => {
    const payload = {
      title: 'Neuer Auftrag',
      body: 'HH-AB 123 · Inspektion',
      icon: '/icons/icon-192.png',
      dir: 'ltr',
      lang: 'de',
      data: { url: '/orders/42', orderId: 42 },
      tag: 'order-42',
      image: '/images/order.png',
    };
    const { title, ...options } = payload;
    expect(notificationFromPayload(JSON.stringify(payload), german)).toEqual({ title, options, fromPayload: true });
  });

  it('takes a payload with a title alone', () => {
    expect(notificationFromPayload('{"title":"Neuer Auftrag"}', german)).toEqual({ title: 'Neuer Auftrag', options: {}, fromPayload: true });
  });

  it('leaves out fields of the wrong type', () => {
    const payload = { title: 'Neuer Auftrag', body: 42, icon: { src: '/x.png' }, dir: 'sideways', lang: '', data: ['/orders/42'], tag: 7, image: null, extra: 'x' };
    expect(notificationFromPayload(JSON.stringify(payload), german)).toEqual({ title: 'Neuer Auftrag', options: {}, fromPayload: true });
    expect(notificationFromPayload(JSON.stringify({ title: 'T', data: null, dir: 'RTL' }), german).options).toEqual({});
    expect(notificationFromPayload(JSON.stringify({ title: 'T', dir: 'rtl', data: {} }), german).options).toEqual({ dir: 'rtl', data: {} });
  });

  it.each([
    ['no payload', null],
    ['an empty payload', ''],
    ['text that is not JSON', 'Neuer Auftrag'],
    ['cut-off JSON', '{"title":"Neuer Auf'],
    ['a JSON array', '["Neuer Auftrag"]'],
    ['a JSON text', '"Neuer Auftrag"'],
    ['JSON null', 'null'],
    ['an object without a title', '{"body":"HH-AB 123"}'],
    ['an empty title', '{"title":"","body":"HH-AB 123"}'],
    ['a title that is no text', '{"title":42}'],
  ])('shows the generic notification for %s', (_name, payload) => {
    expect(notificationFromPayload(payload, german)).toEqual({
      title: 'Order Cockpit',
      options: { body: 'Es gibt Neuigkeiten zu Ihren Aufträgen.' },
      fromPayload: false,
    });
    expect(notificationFromPayload(payload, english)).toEqual({
      title: 'Order Cockpit',
      options: { body: 'There is news about your orders.' },
      fromPayload: false,
    });
  });
});
