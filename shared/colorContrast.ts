import type { Appearance } from './ColorScheme';
import { isValidThemeColor, THEME_COLOR_KEYS, type ThemeColorKey, type ThemeColors } from './ThemeColors';

/** An sRGB colour: channels 0..255, alpha 0..1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** Text on a light background: the console's default text colour. */
export const DARK_FOREGROUND = '#1c2127';
/** Text on a dark background. */
export const LIGHT_FOREGROUND = '#ffffff';

const DARK = { r: 0x1c, g: 0x21, b: 0x27, a: 1 };
const WHITE = { r: 255, g: 255, b: 255, a: 1 };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function channel(token: string): number {
  const value = Number.parseFloat(token);
  return clamp(token.endsWith('%') ? (value * 255) / 100 : value, 0, 255);
}

function alpha(token: string | undefined): number {
  if (token === undefined) {
    return 1;
  }
  const value = Number.parseFloat(token);
  return clamp(token.endsWith('%') ? value / 100 : value, 0, 1);
}

function hslToRgb(hue: number, saturation: number, lightness: number): [number, number, number] {
  const s = clamp(saturation, 0, 100) / 100;
  const l = clamp(lightness, 0, 100) / 100;
  const h = ((hue % 360) + 360) % 360;
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

/**
 * The sRGB value of a colour of the allowlist (`#rgb`, `#rrggbb`, numeric `rgb()`/`hsl()`), or null
 * for anything else. Out-of-range numbers are clamped as CSS does.
 */
export function parseThemeColor(value: string): Rgba | null {
  if (!isValidThemeColor(value)) {
    return null;
  }
  if (value.startsWith('#')) {
    const hex = value.length === 4 ? [...value.slice(1)].map((digit) => digit + digit).join('') : value.slice(1);
    const number = Number.parseInt(hex, 16);
    return { r: (number >> 16) & 0xff, g: (number >> 8) & 0xff, b: number & 0xff, a: 1 };
  }
  const tokens = value
    .slice(value.indexOf('(') + 1, -1)
    .split(/[\s,/]+/)
    .filter((token) => token.length > 0);
  const [first = '0', second = '0', third = '0', fourth] = tokens;
  if (value.toLowerCase().startsWith('hsl')) {
    const [r, g, b] = hslToRgb(Number.parseFloat(first), Number.parseFloat(second), Number.parseFloat(third));
    return { r, g, b, a: alpha(fourth) };
  }
  return { r: channel(first), g: channel(second), b: channel(third), a: alpha(fourth) };
}

/**
 * The page background of each theme, under the toolbars and buttons the tenant's colours paint:
 * Blueprint's white, and its dark gray 2 (`#252a31`), which the console's dark page has.
 */
export const PAGE_BACKGROUND: Record<Appearance, string> = { light: '#ffffff', dark: '#252a31' };

/** WCAG 2 AA for normal text: the least contrast a text on a tenant's colour must have. */
export const MIN_TEXT_CONTRAST = 4.5;

const PAGE_RGBA: Record<Appearance, Rgba> = { light: WHITE, dark: { r: 0x25, g: 0x2a, b: 0x31, a: 1 } };

/** The colour as it shows over the page of `appearance` (a translucent colour lets the page through). */
function overPage(color: Rgba, appearance: Appearance): Rgba {
  const page = PAGE_RGBA[appearance];
  const mix = (value: number, under: number) => value * color.a + under * (1 - color.a);
  return { r: mix(color.r, page.r), g: mix(color.g, page.g), b: mix(color.b, page.b), a: 1 };
}

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(color: Rgba): number {
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(color.r) + 0.7152 * linear(color.g) + 0.0722 * linear(color.b);
}

/** WCAG 2 contrast ratio of two opaque colours, 1 to 21. */
export function contrastRatio(one: Rgba, other: Rgba): number {
  const [light, dark] = [relativeLuminance(one), relativeLuminance(other)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The text colour that reads best on `background` over the page of `appearance`: white on dark
 * colours, the console's dark text on light ones. Operators pick arbitrary colours, so this is
 * decided by luminance, not by taste. An unusable background yields the dark text of the unpainted console.
 */
export function readableForeground(background: string, appearance: Appearance = 'light'): string {
  const color = parseThemeColor(background);
  if (!color) {
    return DARK_FOREGROUND;
  }
  const opaque = overPage(color, appearance);
  return contrastRatio(opaque, WHITE) > contrastRatio(opaque, DARK) ? LIGHT_FOREGROUND : DARK_FOREGROUND;
}

/** The contrast of the text the console puts on `background` (its `readableForeground`) in `appearance`; null for no colour. */
export function textContrast(background: string, appearance: Appearance): number | null {
  const color = parseThemeColor(background);
  if (!color) {
    return null;
  }
  const opaque = overPage(color, appearance);
  return Math.max(contrastRatio(opaque, WHITE), contrastRatio(opaque, DARK));
}

/**
 * Why text on a colour does not read: in which theme (`both` for an opaque colour, which shows the
 * same in both), and the least contrast it reaches there (below `MIN_TEXT_CONTRAST`).
 */
export interface ContrastFault {
  appearance: Appearance | 'both';
  ratio: number;
}

/**
 * The rule console and backend apply to a tenant's colour: the text on it reaches WCAG AA (4.5:1) in
 * the light theme and in the dark one. Null when it does (or when it is no colour at all: that is
 * the allowlist's to say); otherwise where it falls short, with the least contrast reached.
 */
export function contrastFault(background: string): ContrastFault | null {
  const failing = (['light', 'dark'] as const).flatMap((appearance) => {
    const ratio = textContrast(background, appearance);
    return ratio !== null && ratio < MIN_TEXT_CONTRAST ? [{ appearance, ratio }] : [];
  });
  const [first, second] = failing;
  if (!first) {
    return null;
  }
  return second ? { appearance: 'both', ratio: Math.min(first.ratio, second.ratio) } : first;
}

/**
 * A contrast as the reason tells it: rounded down to one decimal, so a ratio just short of 4.5
 * never reads as 4.5.
 */
export function shownRatio(ratio: number): number {
  return Math.floor(ratio * 10) / 10;
}

/** The colours whose text reads in both themes; one that does not (stored before the rule) is left out: the default shows. */
export function readableThemeColors(colors: ThemeColors): ThemeColors {
  const result: ThemeColors = {};
  for (const key of THEME_COLOR_KEYS as readonly ThemeColorKey[]) {
    const value = colors[key];
    if (value !== undefined && isValidThemeColor(value) && contrastFault(value) === null) {
      result[key] = value;
    }
  }
  return result;
}

/** `#rrggbb` of a colour of the allowlist (alpha dropped), as a native colour input takes it; null otherwise. */
export function toHexColor(value: string): string | null {
  const color = parseThemeColor(value);
  if (!color) {
    return null;
  }
  const hex = (channelValue: number) => Math.round(channelValue).toString(16).padStart(2, '0');
  return `#${hex(color.r)}${hex(color.g)}${hex(color.b)}`;
}
