import type { ThemeColors } from '../../../shared/ThemeColors';

/** Paints the tenant's colours into the console (one `custom-style` element). */
export interface ThemeService {
  apply(colors: ThemeColors): void;
  remove(): void;
}

export const ThemeService = Symbol('ThemeService');
