/**
 * Flushes when the page is hidden or unloaded (`visibilitychange` to hidden, `pagehide`), the
 * last moments in which a page can still send. Returns the function that stops it.
 */
export function flushOnHide(win: Window, flush: () => Promise<void>): () => void {
  const flushQuietly = () => {
    flush().catch(() => undefined);
  };
  const onVisibilityChange = () => {
    if (win.document.visibilityState === 'hidden') {
      flushQuietly();
    }
  };
  win.document.addEventListener('visibilitychange', onVisibilityChange);
  win.addEventListener('pagehide', flushQuietly);
  return () => {
    win.document.removeEventListener('visibilitychange', onVisibilityChange);
    win.removeEventListener('pagehide', flushQuietly);
  };
}
