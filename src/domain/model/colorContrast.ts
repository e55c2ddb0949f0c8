import { isValidThemeColor } from '../../../shared/ThemeColors';

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

/** The colour as it shows over a white page (toolbars and buttons sit on white). */
function overWhite(color: Rgba): Rgba {
  const mix = (value: number) => value * color.a + 255 * (1 - color.a);
  return { r: mix(color.r), g: mix(color.g), b: mix(color.b), a: 1 };
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
 * The text colour that reads best on `background`: white on dark colours, the console's dark text
 * on light ones. Operators pick arbitrary colours, so this is decided by luminance, not by taste.
 * An unusable background yields the dark text of the unpainted console.
 */
export function readableForeground(background: string): string {
  const color = parseThemeColor(background);
  if (!color) {
    return DARK_FOREGROUND;
  }
  const opaque = overWhite(color);
  return contrastRatio(opaque, WHITE) > contrastRatio(opaque, DARK) ? LIGHT_FOREGROUND : DARK_FOREGROUND;
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
