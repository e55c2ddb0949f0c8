/**
 * Calls `listener` whenever the browser tells that the notification permission of this site
 * changed (Permissions API: `navigator.permissions.query({ name: 'notifications' })` and its
 * `change` event), e.g. after the operator allowed notifications in the site settings. A browser
 * without the Permissions API, or one that does not know this permission, tells nothing: the
 * listener is then never called. Returns what stops listening.
 */
export function watchNotificationPermission(navigator: Pick<Navigator, 'permissions'>, listener: () => void): () => void {
  let stopped = false;
  let status: PermissionStatus | null = null;
  const permissions = (navigator as { permissions?: Permissions }).permissions;
  if (typeof permissions?.query !== 'function') {
    return () => undefined;
  }
  // A browser that does not know the name rejects (or, in older engines, throws at once).
  Promise.resolve()
    .then(() => permissions.query({ name: 'notifications' }))
    .then(
      (answer) => {
        if (!stopped) {
          status = answer;
          status.addEventListener('change', listener);
        }
      },
      () => undefined,
    );
  return () => {
    stopped = true;
    status?.removeEventListener('change', listener);
  };
}
