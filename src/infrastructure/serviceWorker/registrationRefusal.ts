/**
 * Why the browser refused to register the service worker, or null when a failed registration is a
 * failure of ours (the script could not be fetched or run, it is served with the wrong type or
 * behind a redirect, …), which is reported as an error.
 *
 * The browser refuses when its settings or a policy keep service workers from this site: blocked
 * cookies or site data, private windows, an enterprise policy or an automation that blocks them.
 * It says so in one of three ways:
 * - `register()` rejects with a `SecurityError` or `NotSupportedError` that does not name the
 *   script (Chrome: "The user denied permission to use Service Worker", Firefox: "The operation is
 *   insecure");
 * - `register()` resolves without a registration (playwright's `serviceWorkers: 'block'` replaces it
 *   with a function that resolves to nothing), which the registrar sees as `undefined`;
 * - workbox-window 7 then reads `waiting` of the registration it was not given and throws a
 *   `TypeError` that names that property (V8 "reading 'waiting'", SpiderMonkey "can't access
 *   property "waiting"", JavaScriptCore "evaluating '….waiting'"). The browser's own TypeErrors of
 *   `register()` (fetching or evaluating the script failed) never name it.
 */
export function registrationRefusal(error: unknown): string | null {
  if (!isNamedError(error)) {
    return null;
  }
  const { name, message } = error;
  if (name === 'TypeError' && /\bwaiting\b/.test(message)) {
    return NO_REGISTRATION;
  }
  if ((name === 'SecurityError' || name === 'NotSupportedError') && !SCRIPT_FAULT.test(message)) {
    return oneLine(`${name}: ${message}`);
  }
  return null;
}

/** What the registrar says when the browser gave no registration at all. */
export const NO_REGISTRATION = 'it gave no registration';

/** A SecurityError about the script itself is a fault of the deployment, not a refusal. */
const SCRIPT_FAULT = /MIME|Content-Type|redirect/i;

/** An Error or a DOMException (which is no Error in every engine, nor in jsdom). */
function isNamedError(error: unknown): error is { name: string; message: string } {
  const candidate = error as { name?: unknown; message?: unknown } | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.name === 'string' && typeof candidate.message === 'string';
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
