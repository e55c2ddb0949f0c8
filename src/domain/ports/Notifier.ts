export type ToastIntent = 'none' | 'primary' | 'success' | 'warning' | 'danger';

/** A button on a toast: `text` is a translation key. */
export interface ToastAction {
  text: string;
  onClick(): void;
}

/** A message for the operator. `title` and `message` are translation keys; `values` fill them in. */
export interface Toast {
  title?: string;
  message: string;
  values?: Record<string, string | number>;
  intent?: ToastIntent;
  action?: ToastAction;
  /** False: the toast stays until the operator acts on it (no close button either). Default true. */
  expires?: boolean;
}

/**
 * Toasts at the bottom centre that go after a few seconds, with a close button, unless told to stay. A toast
 * whose title and message equal one still on screen is not shown again.
 */
export interface Notifier {
  show(toast: Toast): void;
}

export const Notifier = Symbol('Notifier');
