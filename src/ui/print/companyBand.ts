import type { CSSProperties } from 'react';
import { readableForeground } from '../../../shared/colorContrast';
import { validThemeColors, type ThemeColors } from '../../../shared/ThemeColors';

/**
 * The colours of the company's band at the top of a printed page: the tenant's header colour
 * (color1) with a readable text on it, its toolbar colour (color2) as the rule under it; without
 * colours, none (the stylesheet's black on white).
 */
export function companyBandStyle(colors: ThemeColors): { band: CSSProperties; rule: CSSProperties } {
  const { color1, color2 } = validThemeColors(colors);
  return {
    band: color1 ? { backgroundColor: color1, color: readableForeground(color1) } : {},
    rule: color2 ?? color1 ? { backgroundColor: color2 ?? color1 } : {},
  };
}
