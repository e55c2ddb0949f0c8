import type { Appearance } from '../../../shared/ColorScheme';
import type { Disposable } from '../../../shared/Disposable';
import type { SystemColorScheme } from '../../domain/ports/SystemColorScheme';

/** The media query the operating system's dark theme answers. */
export const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The operating system's theme through `matchMedia`; a browser without it is taken as light. */
export class MatchMediaColorScheme implements SystemColorScheme {
  private readonly query: MediaQueryList | null;

  constructor(window: Pick<Window, 'matchMedia'>) {
    this.query = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  }

  current(): Appearance {
    return this.query?.matches ? 'dark' : 'light';
  }

  onDidChange(listener: (appearance: Appearance) => void): Disposable {
    const query = this.query;
    if (!query) {
      return { dispose: () => undefined };
    }
    const changed = (event: MediaQueryListEvent) => listener(event.matches ? 'dark' : 'light');
    query.addEventListener('change', changed);
    return { dispose: () => query.removeEventListener('change', changed) };
  }
}
