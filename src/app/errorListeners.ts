import type { Telemetry } from '../domain/ports/Telemetry';

/**
 * Uncaught errors and unhandled rejections go to telemetry, which records and prints them.
 * Returns the function that removes the listeners.
 */
export function installErrorListeners(win: Window, telemetry: Telemetry): () => void {
  const record = (error: unknown, source: string) => {
    try {
      telemetry.recordError(error, { 'error.source': source });
    } catch {
      // An error listener that throws would only add an error of its own.
    }
  };
  // A script of another origin reports only a message ("Script error."), no error object.
  const onError = (event: ErrorEvent) => record(event.error ?? new Error(event.message), 'window.error');
  const onRejection = (event: PromiseRejectionEvent) => record(event.reason, 'unhandledrejection');
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  return () => {
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onRejection);
  };
}
