export const HOME_PATH = '/orders';
export const LOGIN_PATH = '/login';

/**
 * The path to go back to after login, taken from `?returnTo=`. Only a same-origin absolute path
 * is accepted (never `//host` or `https://…`), so the login page cannot be used to send an
 * operator elsewhere; anything else leads home.
 */
export function safeReturnPath(returnTo: string | null | undefined): string {
  if (!returnTo || returnTo === '/' || !returnTo.startsWith('/') || returnTo.startsWith('//') || returnTo.includes('\\')) {
    return HOME_PATH;
  }
  if (returnTo === LOGIN_PATH || returnTo.startsWith(`${LOGIN_PATH}?`)) {
    return HOME_PATH;
  }
  return returnTo;
}

/** The login path that brings the operator back to `path` afterwards. */
export function loginPathReturningTo(path: string): string {
  const target = safeReturnPath(path);
  return target === HOME_PATH ? LOGIN_PATH : `${LOGIN_PATH}?returnTo=${encodeURIComponent(target)}`;
}
