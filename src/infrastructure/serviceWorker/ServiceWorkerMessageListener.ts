import type { Disposable } from '../../../shared/Disposable';
import { isServiceWorkerMessage } from '../../domain/model/ServiceWorkerMessage';
import type { Navigator } from '../../domain/ports/Navigator';
import type { Notifier } from '../../domain/ports/Notifier';

export type MessageSource = Pick<ServiceWorkerContainer, 'addEventListener' | 'removeEventListener'>;

/**
 * The console's side of the service worker's messages: a push that arrived is shown as a snackbar
 * as long as a toast stays, a clicked notification opens its order in this window.
 */
export class ServiceWorkerMessageListener implements Disposable {
  constructor(
    private readonly source: MessageSource | null,
    private readonly notifier: Notifier,
    private readonly navigator: Navigator,
  ) {}

  start(): void {
    this.source?.addEventListener('message', this.onMessage);
  }

  dispose(): void {
    this.source?.removeEventListener('message', this.onMessage);
  }

  private readonly onMessage = (event: MessageEvent): void => {
    const message: unknown = event.data;
    if (!isServiceWorkerMessage(message)) {
      return;
    }
    if (message.type === 'cockpit.navigate') {
      this.navigator.navigate(message.path);
    } else if (message.body) {
      this.notifier.show({ title: 'push.snackbarTitle', message: 'push.snackbarBody', values: { title: message.title, body: message.body }, intent: 'primary' });
    } else {
      this.notifier.show({ message: 'push.snackbarTitle', values: { title: message.title }, intent: 'primary' });
    }
  };
}
