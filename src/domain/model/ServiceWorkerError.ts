/**
 * The errors of the service worker, push and update calls, with the codes of the service worker
 * the product was described from:
 * - 5600 the registration strategy is not one we know;
 * - 5601 the browser has no service worker (disabled, not supported, or a development build);
 * - 5602 this browser is not subscribed to push notifications;
 * - 5603 unsubscribing from push notifications failed;
 * - 5604 registering the service worker failed.
 */
export type ServiceWorkerErrorCode = 5600 | 5601 | 5602 | 5603 | 5604;

const MESSAGES: Record<ServiceWorkerErrorCode, string> = {
  5600: 'Unknown service worker registration strategy',
  5601: 'Service workers are disabled or not supported by this browser',
  5602: 'Not subscribed to push notifications',
  5603: 'Unsubscribe failed',
  5604: 'Service worker registration failed',
};

export class ServiceWorkerError extends Error {
  constructor(
    readonly code: ServiceWorkerErrorCode,
    detail?: string,
    options?: { cause?: unknown },
  ) {
    super(`NG0${code}: ${MESSAGES[code]}${detail ? `: ${detail}` : ''}`, options);
    this.name = 'ServiceWorkerError';
  }
}

export function isServiceWorkerError(error: unknown, code?: ServiceWorkerErrorCode): error is ServiceWorkerError {
  return error instanceof ServiceWorkerError && (code === undefined || error.code === code);
}
