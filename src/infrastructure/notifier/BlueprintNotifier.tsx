import type { Toaster } from '@blueprintjs/core';
import type { Notifier, Toast } from '../../domain/ports/Notifier';

/** Translates a key with values into the operator's language. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** How long a toast stays (spec). */
export const TOAST_TIMEOUT_MS = 5000;

/**
 * Notifier on a Blueprint OverlayToaster (bottom centre, 5000 ms, close button; spec). A toast
 * whose title and message equal one still on screen is not shown again.
 */
export class BlueprintNotifier implements Notifier {
  private readonly onScreen = new Set<string>();

  constructor(
    private readonly toaster: Promise<Toaster>,
    private readonly translate: Translate,
  ) {}

  show(toast: Toast): void {
    const key = JSON.stringify([toast.title ?? '', toast.message, toast.values ?? {}]);
    if (this.onScreen.has(key)) {
      return;
    }
    this.onScreen.add(key);
    const title = toast.title ? this.translate(toast.title, toast.values) : null;
    const message = this.translate(toast.message, toast.values);
    void this.toaster
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
        this.onScreen.delete(key);
        console.error('A message could not be shown', message, error);
      });
  }
}
