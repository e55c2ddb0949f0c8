import { ServiceWorkerMessageListener } from '../../../../src/infrastructure/serviceWorker/ServiceWorkerMessageListener';
import { FakeNavigator, FakeNotifier } from '../../support/fakes';

describe('ServiceWorkerMessageListener', () => {
  let worker: EventTarget;
  let notifier: FakeNotifier;
  let navigator: FakeNavigator;
  let listener: ServiceWorkerMessageListener;

  /** What `navigator.serviceWorker` delivers when the service worker posts to this window. */
  const post = (data: unknown) => worker.dispatchEvent(new MessageEvent('message', { data }));

  beforeEach(() => {
    worker = new EventTarget();
    notifier = new FakeNotifier();
    navigator = new FakeNavigator('/orders');
    listener = new ServiceWorkerMessageListener(worker, notifier, navigator);
    listener.start();
  });

  afterEach(() => listener.dispose());

  it('shows a push as a snackbar with its title and body, for the usual 5000 ms', () => {
    post({ type: 'cockpit.push', title: 'Neuer Auftrag', body: 'HH-AB 123, Inspektion', data: { url: '/orders/42' } });
    expect(notifier.toasts).toEqual([
      { title: 'push.snackbarTitle', message: 'push.snackbarBody', values: { title: 'Neuer Auftrag', body: 'HH-AB 123, Inspektion' }, intent: 'primary' },
    ]);
    // No `expires: false`: the toast goes after the notifier's 5000 ms.
    expect(notifier.toasts[0]?.expires).toBeUndefined();
  });

  it('shows a push without a body by its title alone', () => {
    post({ type: 'cockpit.push', title: 'Neuer Auftrag' });
    expect(notifier.toasts).toEqual([{ message: 'push.snackbarTitle', values: { title: 'Neuer Auftrag' }, intent: 'primary' }]);
  });

  it('opens the path of a clicked notification in this window', () => {
    post({ type: 'cockpit.navigate', path: '/orders/42' });
    expect(navigator.navigations).toEqual(['/orders/42']);
    expect(notifier.toasts).toEqual([]);
  });

  it.each([
    ['no data', null],
    ['a text', 'cockpit.push'],
    ['another type', { type: 'SKIP_WAITING' }],
    ['a push without a title', { type: 'cockpit.push', body: 'x' }],
    ['a push with a title that is no text', { type: 'cockpit.push', title: 42 }],
    ['a navigation without a path', { type: 'cockpit.navigate' }],
    ['a navigation with a path that is no text', { type: 'cockpit.navigate', path: { pathname: '/x' } }],
  ])('ignores %s', (_name, data) => {
    post(data);
    expect(notifier.toasts).toEqual([]);
    expect(navigator.navigations).toEqual([]);
  });

  it('hears nothing before it started and after it was disposed', () => {
    const later = new ServiceWorkerMessageListener(worker, notifier, navigator);
    listener.dispose();
    post({ type: 'cockpit.navigate', path: '/orders/1' });
    later.start();
    later.dispose();
    post({ type: 'cockpit.navigate', path: '/orders/2' });
    expect(navigator.navigations).toEqual([]);
  });

  it('does nothing without a service worker', () => {
    const none = new ServiceWorkerMessageListener(null, notifier, navigator);
    expect(() => {
      none.start();
      none.dispose();
    }).not.toThrow();
  });
});
