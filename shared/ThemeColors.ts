/**
 * A tenant's colours: color1 paints the header toolbar, color2 the primary toolbar,
 * color3 the primary buttons. Each is optional.
 */
export interface ThemeColors {
  color1?: string;
  color2?: string;
  color3?: string;
}

export const THEME_COLOR_KEYS = ['color1', 'color2', 'color3'] as const;

export type ThemeColorKey = (typeof THEME_COLOR_KEYS)[number];

const MAX_COLOR_LENGTH = 64;
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const NUMBER = String.raw`(?:\d{1,3}(?:\.\d+)?)`;
const PERCENT = String.raw`(?:${NUMBER}%)`;
const CHANNEL = String.raw`(?:${NUMBER}%?)`;
const ALPHA = String.raw`(?:0|1|0?\.\d+|${PERCENT})`;
const RGB_COMMA = new RegExp(String.raw`^rgba?\(\s*${CHANNEL}\s*,\s*${CHANNEL}\s*,\s*${CHANNEL}\s*(?:,\s*${ALPHA}\s*)?\)$`, 'i');
const RGB_SPACE = new RegExp(String.raw`^rgba?\(\s*${CHANNEL}\s+${CHANNEL}\s+${CHANNEL}\s*(?:\/\s*${ALPHA}\s*)?\)$`, 'i');
const HUE = String.raw`(?:${NUMBER}(?:deg)?)`;
const HSL_COMMA = new RegExp(String.raw`^hsla?\(\s*${HUE}\s*,\s*${PERCENT}\s*,\s*${PERCENT}\s*(?:,\s*${ALPHA}\s*)?\)$`, 'i');
const HSL_SPACE = new RegExp(String.raw`^hsla?\(\s*${HUE}\s+${PERCENT}\s+${PERCENT}\s*(?:\/\s*${ALPHA}\s*)?\)$`, 'i');

/**
 * Strict allowlist for a colour that will be written into a style element: `#rgb`, `#rrggbb`,
 * and numeric `rgb()`/`rgba()`/`hsl()`/`hsla()`. Anything else (names, `var()`, `url()`, escapes,
 * anything with `;`, `}` or `<`) is refused, so a colour can never break out of its declaration.
 */
export function isValidThemeColor(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_COLOR_LENGTH) {
    return false;
  }
  return [HEX, RGB_COMMA, RGB_SPACE, HSL_COMMA, HSL_SPACE].some((pattern) => pattern.test(value));
}

/** The valid colours of a theme; invalid or missing ones are dropped. */
export function validThemeColors(theme: ThemeColors | null | undefined): ThemeColors {
  const result: ThemeColors = {};
  for (const key of THEME_COLOR_KEYS) {
    const value = theme?.[key];
    if (isValidThemeColor(value)) {
      result[key] = value;
    }
  }
  return result;
}
