import type { NavigateMessage } from '../../../src/domain/model/ServiceWorkerMessage';
import { handleNotificationClick, type WindowClientLike, type WindowClients } from '../../../src/serviceWorker/notificationClick';

const ORIGIN = 'https://cockpit.example';

class FakeWindow implements WindowClientLike {
  focusCalls = 0;
  readonly messages: NavigateMessage[] = [];
  constructor(public focused = false) {}
  async focus(): Promise<this> {
    this.focusCalls++;
    return this;
  }
  postMessage(message: NavigateMessage): void {
    this.messages.push(message);
  }
}

class FakeClients implements WindowClients {
  readonly opened: string[] = [];
  constructor(readonly openWindows: FakeWindow[] = []) {}
  async windows(): Promise<readonly FakeWindow[]> {
    return this.openWindows;
  }
  async open(path: string): Promise<null> {
    this.opened.push(path);
    return null;
  }
}

describe('handleNotificationClick', () => {
  it('focuses the focused console window first and tells it to open the path', async () => {
    const first = new FakeWindow();
    const focused = new FakeWindow(true);
    const clients = new FakeClients([first, focused]);
    await handleNotificationClick({ url: '/orders/42', orderId: 42 }, ORIGIN, clients);
    expect(focused.focusCalls).toBe(1);
    expect(focused.messages).toEqual([{ type: 'cockpit.navigate', path: '/orders/42' }]);
    expect(first.focusCalls).toBe(0);
    expect(first.messages).toEqual([]);
    expect(clients.opened).toEqual([]);
  });

  it('focuses the first console window when none is focused', async () => {
    const first = new FakeWindow();
    const second = new FakeWindow();
    await handleNotificationClick({ url: 'https://cockpit.example/orders/7' }, ORIGIN, new FakeClients([first, second]));
    expect(first.focusCalls).toBe(1);
    expect(first.messages).toEqual([{ type: 'cockpit.navigate', path: '/orders/7' }]);
    expect(second.focusCalls).toBe(0);
  });

  it.each(['https://evil.example/x', 'javascript:alert(1)', '//evil.example'])(
    'focuses the console window but does not send it to %p',
    async (url) => {
      const consoleWindow = new FakeWindow(true);
      const clients = new FakeClients([consoleWindow]);
      await handleNotificationClick({ url }, ORIGIN, clients);
      expect(consoleWindow.focusCalls).toBe(1);
      expect(consoleWindow.messages).toEqual([]);
      expect(clients.opened).toEqual([]);
    },
  );

  it('focuses the console window without a message when the notification names no address', async () => {
    const consoleWindow = new FakeWindow(true);
    await handleNotificationClick(undefined, ORIGIN, new FakeClients([consoleWindow]));
    expect(consoleWindow.focusCalls).toBe(1);
    expect(consoleWindow.messages).toEqual([]);
  });

  it('without a console window opens the path', async () => {
    const clients = new FakeClients();
    await handleNotificationClick({ url: '/orders/42' }, ORIGIN, clients);
    expect(clients.opened).toEqual(['/orders/42']);
  });

  it.each([
    ['no data', undefined],
    ['data that is no object', '/orders/42'],
    ['data without url', { orderId: 42 }],
    ['another site', { url: 'https://evil.example/x' }],
    ['a script', { url: 'javascript:alert(1)' }],
    ['a protocol-relative address', { url: '//evil.example' }],
  ])('without a console window opens the console’s start for %s', async (_name, data) => {
    const clients = new FakeClients();
    await handleNotificationClick(data, ORIGIN, clients);
    expect(clients.opened).toEqual(['/']);
  });
});
