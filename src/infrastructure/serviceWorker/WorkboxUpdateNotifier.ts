import type { Workbox } from 'workbox-window';
import { ServiceWorkerError } from '../../domain/model/ServiceWorkerError';
import type { Notifier } from '../../domain/ports/Notifier';
import type { UpdateNotifier } from '../../domain/ports/UpdateNotifier';

/** The parts of workbox-window the update prompt uses. */
export type UpdatableWorkbox = Pick<Workbox, 'addEventListener' | 'removeEventListener' | 'messageSkipWaiting' | 'update'>;

/**
 * Tells the operator when a new version is installed and waiting: "Application has been updated"
 * with "Ok, Reload!" (spec), a message that stays until acted on. The action lets the waiting
 * worker take over and reloads the page once, when the new worker controls it.
 */
export class WorkboxUpdateNotifier implements UpdateNotifier {
  /** Set by the first click: a second one must neither ask again nor reload twice. */
  private activating = false;

  constructor(
    private readonly workbox: UpdatableWorkbox | null,
    private readonly notifier: Notifier,
    private readonly reload: () => void,
  ) {}

  start(): void {
    this.workbox?.addEventListener('waiting', () => this.announce());
  }

  /** Asks the server for a newer service worker now (it is also checked on each navigation). */
  async checkForUpdate(): Promise<void> {
    if (!this.workbox) {
      throw new ServiceWorkerError(5601);
    }
    await this.workbox.update();
  }

  private announce(): void {
    this.notifier.show({
      message: 'update.available',
      intent: 'primary',
      expires: false,
      action: { text: 'update.reload', onClick: () => this.activate() },
    });
  }

  private activate(): void {
    const workbox = this.workbox;
    if (!workbox || this.activating) {
      return;
    }
    this.activating = true;
    const onControlling = () => {
      workbox.removeEventListener('controlling', onControlling);
      this.reload();
    };
    workbox.addEventListener('controlling', onControlling);
    workbox.messageSkipWaiting();
  }
}
