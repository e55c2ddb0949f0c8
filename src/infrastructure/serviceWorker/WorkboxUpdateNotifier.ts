import type { Workbox } from 'workbox-window';
import { ServiceWorkerError } from '../../domain/model/ServiceWorkerError';
import type { Notifier } from '../../domain/ports/Notifier';
import type { UpdateNotifier } from '../../domain/ports/UpdateNotifier';

/** The parts of workbox-window the update prompt uses. */
export type UpdatableWorkbox = Pick<Workbox, 'addEventListener' | 'removeEventListener' | 'messageSkipWaiting' | 'update'>;

/** The page's service workers, asked directly as well (see `activate`). */
export type WorkerContainer = Pick<ServiceWorkerContainer, 'getRegistration' | 'addEventListener' | 'removeEventListener'>;

/** What the page asks a waiting worker to do (workbox-window's message; sw.ts listens for it). */
const SKIP_WAITING = { type: 'SKIP_WAITING' };

/**
 * Tells the operator when a new version is installed and waiting: "Application has been updated"
 * with "Ok, Reload!", a message that stays until acted on. The action lets the waiting
 * worker take over and reloads the page once, when the new worker controls it.
 */
export class WorkboxUpdateNotifier implements UpdateNotifier {
  /** Set by the first click: a second one must neither ask again nor reload twice. */
  private activating = false;
  private reloaded = false;

  constructor(
    private readonly workbox: UpdatableWorkbox | null,
    private readonly notifier: Notifier,
    private readonly reload: () => void,
    private readonly container: WorkerContainer | null = null,
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
    const reloadOnce = () => {
      workbox.removeEventListener('controlling', reloadOnce);
      this.container?.removeEventListener('controllerchange', reloadOnce);
      if (!this.reloaded) {
        this.reloaded = true;
        this.reload();
      }
    };
    workbox.addEventListener('controlling', reloadOnce);
    this.container?.addEventListener('controllerchange', reloadOnce);
    workbox.messageSkipWaiting();
    // workbox-window asks only the waiting worker of the registration object it holds, and says
    // nothing when it has none; the page's registration is asked as well, so the click can never
    // go unanswered (a second SKIP_WAITING changes nothing).
    this.container
      ?.getRegistration()
      .then((registration) => registration?.waiting?.postMessage(SKIP_WAITING))
      .catch(() => undefined);
  }
}
