/**
 * The path a notification click may open: `url` when it names a path of the console's own origin
 * (relative, or absolute on `origin`), null otherwise, so a payload cannot send the operator elsewhere.
 */
export function sameOriginPath(url: unknown, origin: string): string | null {
  if (typeof url !== 'string' || url.length === 0) {
    return null;
  }
  let resolved: URL;
  try {
    resolved = new URL(url, origin);
  } catch {
    return null;
  }
  if (resolved.origin !== origin || !/^https?:$/.test(resolved.protocol)) {
    return null;
  }
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
