/**
 * The theme an operator chose: the operating system's (`prefers-color-scheme`, followed live), or
 * always light, or always dark. Kept per user with the language (`PATCH /api/me`).
 */
export const COLOR_SCHEMES = ['system', 'light', 'dark'] as const;

export type ColorScheme = (typeof COLOR_SCHEMES)[number];

export const DEFAULT_COLOR_SCHEME: ColorScheme = 'system';

/** The theme the console is drawn in. */
export type Appearance = 'light' | 'dark';

export function isColorScheme(value: unknown): value is ColorScheme {
  return typeof value === 'string' && (COLOR_SCHEMES as readonly string[]).includes(value);
}

/** What shows for `scheme` while the operating system prefers `system`. */
export function appearanceOf(scheme: ColorScheme, system: Appearance): Appearance {
  return scheme === 'system' ? system : scheme;
}
