import type { Appearance } from '../../../shared/ColorScheme';
import type { Disposable } from '../../../shared/Disposable';

/** The operating system's (the browser's) preferred theme, `prefers-color-scheme`, as it is and as it changes. */
export interface SystemColorScheme {
  current(): Appearance;
  /** Tells every change from now on, until disposed. */
  onDidChange(listener: (appearance: Appearance) => void): Disposable;
}

export const SystemColorScheme = Symbol('SystemColorScheme');
