import type { Toaster } from '@blueprintjs/core';
import type { Notifier, Toast } from '../../domain/ports/Notifier';

/** Translates a key with values into the operator's language. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** How long a toast stays. */
export const TOAST_TIMEOUT_MS = 5000;

/** After a toaster that could not be loaded (a chunk that did not arrive): the first wait before trying again, doubling up to the last. */
export const TOASTER_RETRY_FIRST_MS = 1000;
export const TOASTER_RETRY_LAST_MS = 30_000;

/** Runs a task after a while (`setTimeout`, or a test's clock). */
export type After = (milliseconds: number, task: () => void) => void;

/**
 * Notifier on a Blueprint OverlayToaster (bottom centre, `TOAST_TIMEOUT_MS`, close button). A toast
 * whose title and message equal one still on screen is not shown again.
 *
 * The toaster is loaded with the first toast (`loadToaster`, once): until then a page carries none
 * of Blueprint's overlay code. A toast never gets lost on the way: while the toaster is loading it
 * waits, and should loading fail (offline, say) it is tried again after 1 s, 2 s, … at most 30 s
 * until it shows.
 */
export class BlueprintNotifier implements Notifier {
  private readonly onScreen = new Set<string>();
  private toaster: Promise<Toaster> | null = null;

  constructor(
    private readonly loadToaster: () => Promise<Toaster>,
    private readonly translate: Translate,
    private readonly after: After = (milliseconds, task) => void setTimeout(task, milliseconds),
  ) {}

  show(toast: Toast): void {
    const key = JSON.stringify([toast.title ?? '', toast.message, toast.values ?? {}]);
    if (this.onScreen.has(key)) {
      return;
    }
    this.onScreen.add(key);
    const title = toast.title ? this.translate(toast.title, toast.values) : null;
    const message = this.translate(toast.message, toast.values);
    const deliver = (wait: number): void => {
      this.loadedToaster()
        .then((toaster) =>
          toaster.show(
            {
              message: title ? (
                <>
                  <strong className="cockpit-toast-title">{title}</strong>
                  <div>{message}</div>
                </>
              ) : (
                message
              ),
              intent: toast.intent ?? 'none',
              timeout: toast.expires === false ? 0 : TOAST_TIMEOUT_MS,
              isCloseButtonShown: toast.expires !== false,
              action: toast.action ? { text: this.translate(toast.action.text), onClick: toast.action.onClick } : undefined,
              onDismiss: () => this.onScreen.delete(key),
            },
            key,
          ),
        )
        .catch((error: unknown) => {
          if (wait === TOASTER_RETRY_FIRST_MS) {
            console.error('A message could not be shown yet; trying again', message, error);
          }
          this.after(wait, () => deliver(Math.min(wait * 2, TOASTER_RETRY_LAST_MS)));
        });
    };
    deliver(TOASTER_RETRY_FIRST_MS);
  }

  /** The toaster, loaded once; a failed load is forgotten, so the next toast (or a retry) loads it again. */
  private loadedToaster(): Promise<Toaster> {
    this.toaster ??= this.loadToaster().catch((error: unknown) => {
      this.toaster = null;
      throw error;
    });
    return this.toaster;
  }
}
