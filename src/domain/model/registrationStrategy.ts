import { ServiceWorkerError } from './ServiceWorkerError';

/**
 * When the service worker is registered (after Angular's `registrationStrategy`):
 * - `registerWhenStable:<ms>`: when the console is stable (first route rendered, its requests
 *   settled) or after `<ms>` at the latest, whichever comes first;
 * - `registerImmediately`;
 * - `registerWithDelay:<ms>`.
 */
export type RegistrationStrategy =
  /** `timeoutMs` null: wait for stability however long it takes. */
  | { kind: 'whenStable'; timeoutMs: number | null }
  | { kind: 'immediately' }
  | { kind: 'withDelay'; delayMs: number };

/** The product's choice: `registerWhenStable:30000`. */
export const DEFAULT_REGISTRATION_STRATEGY = 'registerWhenStable:30000';

/** Reads a strategy written as Angular writes it; anything else is error 5600. */
export function parseRegistrationStrategy(text: string): RegistrationStrategy {
  const [name, argument, ...rest] = text.split(':');
  const milliseconds = argument === undefined || argument === '' ? 0 : Number(argument);
  if (rest.length > 0 || !Number.isInteger(milliseconds) || milliseconds < 0) {
    throw new ServiceWorkerError(5600, text);
  }
  switch (name) {
    case 'registerWhenStable':
      return { kind: 'whenStable', timeoutMs: argument === undefined ? null : milliseconds };
    case 'registerWithDelay':
      return { kind: 'withDelay', delayMs: milliseconds };
    case 'registerImmediately':
      if (argument === undefined) return { kind: 'immediately' };
      break;
  }
  throw new ServiceWorkerError(5600, text);
}
