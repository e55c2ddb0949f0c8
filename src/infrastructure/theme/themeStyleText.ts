import { DARK_FOREGROUND, readableForeground } from '../../domain/model/colorContrast';
import type { ThemeColors } from '../../../shared/ThemeColors';

/** The Blueprint 6 class prefix (`Classes.NS`), spelled out so the rules read as the CSS they are. */
const BP = 'bp6';

/**
 * A toolbar (a Blueprint Navbar) painted with `color`, text in `foreground`. The minimal buttons and
 * selects in it take their colours from Blueprint's custom properties, so overriding those on them
 * covers rest, hover, active, disabled and icons at once without touching solid controls.
 * The selector is one class more specific than Blueprint's, so the order of the sheets does not matter.
 */
function toolbarRules(toolbar: string, color: string, foreground: string): string {
  return `.${toolbar}.${BP}-navbar {
  background-color: ${color};
  color: ${foreground};
}
.${toolbar} .${BP}-navbar-divider {
  border-left-color: color-mix(in srgb, ${foreground} 35%, transparent);
}
.${toolbar} .${BP}-button.${BP}-minimal,
.${toolbar} .${BP}-html-select.${BP}-minimal {
  --bp-typography-color-default-rest: ${foreground};
  --bp-typography-color-default-hover: ${foreground};
  --bp-typography-color-default-active: ${foreground};
  --bp-typography-color-default-disabled: color-mix(in srgb, ${foreground} 55%, transparent);
  --bp-typography-color-muted: ${foreground};
  --bp-intent-default-hover: ${foreground};
  --bp-intent-default-active: ${foreground};
  --bp-intent-default-disabled: ${foreground};
}
.${toolbar} .${BP}-html-select .${BP}-icon {
  color: ${foreground};
}
.${toolbar} .${BP}-html-select option {
  background-color: #ffffff;
  color: ${DARK_FOREGROUND};
}
`;
}

/**
 * Solid primary buttons (Blueprint intent primary) in `color`. Blueprint draws every state from these
 * properties: hover and active move towards the text colour, so they stay visible on dark and light
 * colours alike; disabled fades the rest colour as Blueprint does. Minimal and outlined primary
 * buttons draw their text in the colour on the page's white and keep Blueprint's.
 */
function primaryButtonRules(color: string, foreground: string): string {
  return `.${BP}-button.${BP}-intent-primary:not(.${BP}-minimal):not(.${BP}-outlined) {
  --bp-intent-primary-rest: ${color};
  --bp-intent-primary-hover: color-mix(in srgb, ${color} 80%, ${foreground});
  --bp-intent-primary-active: color-mix(in srgb, ${color} 65%, ${foreground});
  --bp-intent-primary-foreground: ${foreground};
}
`;
}

/** The CSS text for the tenant's colours; a rule only for each colour that is set. Colours must be validated. */
export function themeStyleText(colors: ThemeColors): string {
  const rules: string[] = [];
  if (colors.color1) {
    rules.push(toolbarRules('cockpit-header-toolbar', colors.color1, readableForeground(colors.color1)));
  }
  if (colors.color2) {
    rules.push(toolbarRules('cockpit-primary-toolbar', colors.color2, readableForeground(colors.color2)));
  }
  if (colors.color3) {
    rules.push(primaryButtonRules(colors.color3, readableForeground(colors.color3)));
  }
  return rules.join('');
}
