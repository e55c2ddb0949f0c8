import { DARK_FOREGROUND, LIGHT_FOREGROUND, PAGE_BACKGROUND, readableForeground } from '../../../shared/colorContrast';
import type { Appearance } from '../../../shared/ColorScheme';
import type { ThemeColors } from '../../../shared/ThemeColors';

/** The Blueprint 6 class prefix (`Classes.NS`), spelled out so the rules read as the CSS they are. */
const BP = 'bp6';

/**
 * Each theme's rules: the light theme's as they are, the dark theme's under Blueprint's `bp6-dark`
 * (on `<body>`), one class more specific than Blueprint's own dark rules, with the text colour that
 * reads on the colour over the dark page (a translucent colour lets the page through).
 */
const THEMES: readonly { appearance: Appearance; scope: string; option: { background: string; color: string } }[] = [
  { appearance: 'light', scope: '', option: { background: PAGE_BACKGROUND.light, color: DARK_FOREGROUND } },
  { appearance: 'dark', scope: `.${BP}-dark `, option: { background: PAGE_BACKGROUND.dark, color: LIGHT_FOREGROUND } },
];

/** The colour a state tints towards to move away from `foreground`: white under dark text, black under light text. */
const awayFrom = (foreground: string) => (foreground === DARK_FOREGROUND ? '#ffffff' : '#000000');

/** `selectors`, each within `scope`, as one selector list. */
const within = (scope: string, ...selectors: string[]) => selectors.map((selector) => `${scope}${selector}`).join(',\n');

/**
 * A toolbar (a Blueprint Navbar) painted with `color`, text in `foreground`. The minimal buttons and
 * selects in it take their colours from Blueprint's custom properties, so overriding those on them
 * covers rest, hover, active, disabled and icons at once without touching solid controls. Hover and
 * active (a button whose menu is open) tint the colour away from the text colour (darker under white
 * text, lighter under dark text), so their text keeps at least the contrast it has at rest (WCAG 1.4.3
 * in every state), as the primary buttons' do. The focus ring in it is drawn in the text colour, which
 * reads on the colour.
 * The selector is one class more specific than Blueprint's, so the order of the sheets does not matter.
 */
function toolbarRules(scope: string, toolbar: string, color: string, foreground: string, option: { background: string; color: string }): string {
  const away = awayFrom(foreground);
  return `${within(scope, `.${toolbar}.${BP}-navbar`)} {
  background-color: ${color};
  color: ${foreground};
}
${within(scope, `.${toolbar} .${BP}-navbar-divider`)} {
  border-left-color: color-mix(in srgb, ${foreground} 35%, transparent);
}
${within(scope, `.${toolbar} .${BP}-button.${BP}-minimal`, `.${toolbar} .${BP}-html-select.${BP}-minimal`)} {
  --bp-typography-color-default-rest: ${foreground};
  --bp-typography-color-default-hover: ${foreground};
  --bp-typography-color-default-active: ${foreground};
  --bp-typography-color-default-disabled: color-mix(in srgb, ${foreground} 55%, transparent);
  --bp-typography-color-muted: ${foreground};
  --bp-intent-default-hover: ${away};
  --bp-intent-default-active: ${away};
  --bp-intent-default-disabled: ${foreground};
}
${within(scope, `.${toolbar} :focus`)} {
  outline-color: ${foreground};
}
${within(scope, `.${toolbar} .${BP}-html-select .${BP}-icon`)} {
  color: ${foreground};
}
${within(scope, `.${toolbar} .${BP}-html-select option`)} {
  background-color: ${option.background};
  color: ${option.color};
}
`;
}

/**
 * Solid primary buttons (Blueprint intent primary) in `color`. Blueprint draws every state from these
 * properties: hover and active move away from the text colour (darker under white text, lighter under
 * dark text), so they stay visible and their text keeps at least the contrast it has at rest (WCAG
 * 1.4.3 in every state); disabled fades the rest colour as Blueprint does. Minimal and outlined
 * primary buttons draw their text in the colour on the page and keep Blueprint's.
 */
function primaryButtonRules(scope: string, color: string, foreground: string): string {
  const away = awayFrom(foreground);
  return `${within(scope, `.${BP}-button.${BP}-intent-primary:not(.${BP}-minimal):not(.${BP}-outlined)`)} {
  --bp-intent-primary-rest: ${color};
  --bp-intent-primary-hover: color-mix(in srgb, ${color} 80%, ${away});
  --bp-intent-primary-active: color-mix(in srgb, ${color} 65%, ${away});
  --bp-intent-primary-foreground: ${foreground};
}
`;
}

/**
 * The CSS text for the tenant's colours in both themes; a rule only for each colour that is set.
 * Colours must be validated (the allowlist, and text that reads on them: `readableThemeColors`).
 */
export function themeStyleText(colors: ThemeColors): string {
  const rules: string[] = [];
  for (const { appearance, scope, option } of THEMES) {
    if (colors.color1) {
      rules.push(toolbarRules(scope, 'cockpit-header-toolbar', colors.color1, readableForeground(colors.color1, appearance), option));
    }
    if (colors.color2) {
      rules.push(toolbarRules(scope, 'cockpit-primary-toolbar', colors.color2, readableForeground(colors.color2, appearance), option));
    }
    if (colors.color3) {
      rules.push(primaryButtonRules(scope, colors.color3, readableForeground(colors.color3, appearance)));
    }
  }
  return rules.join('');
}
