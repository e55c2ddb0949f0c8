import { readFileSync } from 'node:fs';
import path from 'node:path';
import { contrastRatio, DARK_FOREGROUND, MIN_TEXT_CONTRAST, PAGE_BACKGROUND, parseThemeColor, type Rgba } from '../../../../shared/colorContrast';
import { ORDER_STATUSES } from '../../../../shared/OrderStatus';

const CSS = readFileSync(path.join(__dirname, '..', '..', '..', '..', 'src', 'ui', 'planning', 'PlanningPage.css'), 'utf8');

/** Blueprint's text in its dark theme (`.bp6-dark { color }`); the light theme's is `DARK_FOREGROUND`. */
const DARK_THEME_TEXT = '#f6f7f9';

/** The background of `.cockpit-planning-bar--<status>` in PlanningPage.css. */
function barBackground(status: string): Rgba {
  const rule = new RegExp(`\\n\\.cockpit-planning-bar--${status} \\{([^}]*)\\}`).exec(CSS);
  const background = /background:\s*([^;]+);/.exec(rule?.[1] ?? '')?.[1];
  const color = parseThemeColor(background ?? '');
  if (!color) {
    throw new Error(`PlanningPage.css has no background for the bars of ${status}`);
  }
  return color;
}

/** `color` laid over the opaque `page`. */
function over(color: Rgba, page: Rgba): Rgba {
  const mix = (top: number, bottom: number) => top * color.a + bottom * (1 - color.a);
  return { r: mix(color.r, page.r), g: mix(color.g, page.g), b: mix(color.b, page.b), a: 1 };
}

describe('the board’s bars', () => {
  it.each(ORDER_STATUSES.flatMap((status) => [['light', status] as const, ['dark', status] as const]))(
    'in the %s theme, the text of a bar of %s reads at 4.5:1 or more on its tint',
    (theme, status) => {
      const page = parseThemeColor(PAGE_BACKGROUND[theme])!;
      const text = parseThemeColor(theme === 'light' ? DARK_FOREGROUND : DARK_THEME_TEXT)!;
      expect(contrastRatio(over(barBackground(status), page), text)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    },
  );
});
