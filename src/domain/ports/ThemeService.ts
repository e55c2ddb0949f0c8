import type { Appearance } from '../../../shared/ColorScheme';
import type { ThemeColors } from '../../../shared/ThemeColors';

/**
 * Draws the console in a theme (light or dark, the whole page and what overlays it) and paints the
 * tenant's colours into it (one `custom-style` element, with rules for both themes).
 */
export interface ThemeService {
  apply(colors: ThemeColors): void;
  remove(): void;
  /** Draws the console in `appearance` from now on. */
  show(appearance: Appearance): void;
}

export const ThemeService = Symbol('ThemeService');
