export type ToastIntent = 'none' | 'primary' | 'success' | 'warning' | 'danger';

/** A message for the operator. `title` and `message` are translation keys; `values` fill them in. */
export interface Toast {
  title?: string;
  message: string;
  values?: Record<string, string | number>;
  intent?: ToastIntent;
}

/**
 * Toasts at the bottom centre, 5000 ms, with a close button (spec). A toast whose title and
 * message equal one still on screen is not shown again.
 */
export interface Notifier {
  show(toast: Toast): void;
}

export const Notifier = Symbol('Notifier');
