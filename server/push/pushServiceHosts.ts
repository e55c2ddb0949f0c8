/**
 * The push services browsers subscribe at, as host suffixes: an entry takes the name itself and every
 * name under it. Chrome, Opera, Brave, Samsung Internet: Firebase Cloud Messaging (older Chrome
 * subscriptions: android.googleapis.com). Firefox: Mozilla's autopush. Edge: the Windows Push
 * Notification Services (`wns2-….notify.windows.com`). Safari (macOS 13, iOS 16.4 and later):
 * Apple's `web.push.apple.com`, within the `*.push.apple.com` that Apple asks servers to admit.
 */
export const DEFAULT_PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Lower case, without a leading `*.` or `.` and a trailing dot. */
function normalised(suffix: string): string {
  return suffix.trim().toLowerCase().replace(/^\*?\./, '').replace(/\.$/, '');
}

/**
 * The suffixes of a comma-separated list (`PUSH_SERVICE_HOSTS`), e.g.
 * `fcm.googleapis.com, *.push.apple.com`. Each must be a DNS name of at least two labels, not
 * `localhost`: a suffix admits every name under it, so a top-level domain alone is refused.
 */
export function parsePushServiceHosts(text: string): string[] {
  const suffixes = text
    .split(',')
    .map(normalised)
    .filter((suffix) => suffix !== '');
  if (suffixes.length === 0) {
    throw new Error('name at least one host suffix, e.g. fcm.googleapis.com');
  }
  for (const suffix of suffixes) {
    const labels = suffix.split('.');
    if (labels.length < 2 || !labels.every((label) => LABEL.test(label)) || /^[0-9]+$/.test(labels.at(-1) ?? '')) {
      throw new Error(`"${suffix}" is no DNS name of at least two labels`);
    }
    if (labels.at(-1) === 'localhost') {
      throw new Error(`"${suffix}" is a name of this machine`);
    }
  }
  return suffixes;
}

/** Whether `hostname` (as `URL` gives it: lower case, punycode) is one of the suffixes or under one. */
export function isPushServiceHost(hostname: string, suffixes: readonly string[]): boolean {
  const name = hostname.replace(/\.$/, '');
  return suffixes.some((entry) => {
    const suffix = normalised(entry);
    return suffix !== '' && (name === suffix || name.endsWith(`.${suffix}`));
  });
}
