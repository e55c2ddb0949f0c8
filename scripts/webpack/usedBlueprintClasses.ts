/**
 * Which of Blueprint's CSS classes the console's bundled JavaScript can put on an element: the keep
 * decision of `UsedBlueprintCssPlugin` (a rule that needs any other `bp6-` class is dropped).
 *
 * Blueprint builds its class names at run time, so a scan for whole class names finds few of them:
 * `Classes.BUTTON` is `${NS}-button` (minified: `${e}-button`), `Classes.BUTTON_TEXT` is
 * `${BUTTON}-text`, `Classes.intentClass(intent)` is `${NS}-intent-${intent}`. So:
 * 1. every `bp6-…` token of the bundle is a class, and every `-suffix` fragment is the class
 *    `bp6-suffix` (what `${NS}-suffix` gives);
 * 2. a class of the stylesheet is used when it is a used class followed by a fragment of the bundle
 *    (`bp6-button` + `-text`), to any depth (`bp6-datepicker` + `-caption` + `-measure`);
 * 3. the families below add what a used builder makes from values that are no text of the bundle
 *    (an intent, a position, a placement, a CSS transition's stage);
 * 4. `bp6-dark` is always kept: it is set on an ancestor (`<body>`, by the theme service), not by a
 *    component.
 * Only classes of used components come out; unused components' constants are not in the bundle
 * (Blueprint's modules are free of side effects, so webpack drops what nothing imports).
 */

/** Blueprint's class namespace (`Classes.getClassNamespace()`; the build sets no other). */
export const NS = 'bp6';

/** Blueprint's `Position` values (`positionClass`, the toaster's container). */
const POSITIONS = ['top', 'bottom', 'left', 'right', 'top-left', 'top-right', 'bottom-left', 'bottom-right', 'left-top', 'left-bottom', 'right-top', 'right-bottom'];

/**
 * Classes a used builder makes from run-time values: when the bundle has `base` (a class, or a
 * builder's `${NS}-name-` prefix), these follow. Each entry names the Blueprint code that builds it.
 */
export const DYNAMIC_FAMILIES: ReadonlyArray<{ base: string; suffixes: readonly string[] }> = [
  // Classes.intentClass(intent): `${NS}-intent-${intent.toLowerCase()}` (Intent.NONE gives no class).
  { base: `${NS}-intent-`, suffixes: ['primary', 'success', 'warning', 'danger'] },
  // Classes.elevationClass(elevation): `${NS}-elevation-${elevation}` (Elevation 0–4).
  { base: `${NS}-elevation-`, suffixes: ['0', '1', '2', '3', '4'] },
  // Classes.positionClass(position): `${NS}-position-${position}`.
  { base: `${NS}-position-`, suffixes: POSITIONS },
  // Popover / PopoverNext: `${Classes.POPOVER_CONTENT_PLACEMENT}-${basePlacement}`, the constant being
  // `${POPOVER}-placement` (the tooltip's arrow is placed by it).
  { base: `${NS}-popover-placement`, suffixes: ['-top', '-bottom', '-left', '-right'] },
  // OverlayToaster: `${Classes.TOAST_CONTAINER}-${position.toLowerCase()}` and `-in-portal` / `-inline`.
  { base: `${NS}-toast-container`, suffixes: [...POSITIONS.map((position) => `-${position}`), '-in-portal', '-inline'] },
  // NonIdealState: `${Classes.NON_IDEAL_STATE}-${layout}`.
  { base: `${NS}-non-ideal-state`, suffixes: ['-vertical', '-horizontal'] },
  // PanelStack: `${Classes.PANEL_STACK}-${direction}`.
  { base: `${NS}-panel-stack`, suffixes: ['-push', '-pop'] },
];

/**
 * react-transition-group's CSSTransition, which Blueprint's overlays, popovers, toasts and
 * collapses animate with, puts `${classNames}-${stage}` on the element for a class it is given.
 */
export const TRANSITION_SUFFIXES = ['-appear', '-appear-active', '-appear-done', '-enter', '-enter-active', '-enter-done', '-exit', '-exit-active', '-exit-done'];

/** Always kept: the dark theme's class, set on an ancestor (`<body>`) rather than by a component. */
export const ALWAYS_KEPT = [`${NS}-dark`];

const TOKEN = /[A-Za-z0-9_-]+/g;
/** An icon component's name (`SVGIconContainer`'s `iconName`), whose element gets `${NS}-icon-${iconName}`. */
const ICON_NAME = /\biconName\s*:\s*["']([a-z0-9-]+)["']/g;

/** The Blueprint classes that `scripts` (the bundle's JavaScript) can put on elements, among `stylesheetClasses`. */
export function usedBlueprintClasses(scripts: readonly string[], stylesheetClasses: Iterable<string>): Set<string> {
  const prefix = `${NS}-`;
  const used = new Set<string>(ALWAYS_KEPT);
  const fragments = new Set<string>();
  for (const script of scripts) {
    for (const [token] of script.matchAll(TOKEN)) {
      if (token.startsWith(prefix)) {
        used.add(token);
      } else if (token.startsWith('-') && token.length > 1) {
        fragments.add(token);
        used.add(NS + token);
      }
    }
    for (const [, iconName] of script.matchAll(ICON_NAME)) {
      used.add(`${prefix}icon-${iconName}`);
    }
  }
  // A class made of a used class and a fragment (at any depth), the stages of its transitions, and
  // the families of the used builders, until nothing more follows.
  // The families' bases are candidates too: `bp6-popover-placement` is in no selector, only what follows it.
  const candidates = [...new Set([...stylesheetClasses, ...DYNAMIC_FAMILIES.map(({ base }) => base)])].filter((name) => name.startsWith(prefix));
  const transitions = new Set(TRANSITION_SUFFIXES);
  const use = (name: string): boolean => {
    if (used.has(name)) {
      return false;
    }
    used.add(name);
    return true;
  };
  let added = true;
  while (added) {
    added = false;
    for (const { base, suffixes } of DYNAMIC_FAMILIES) {
      if (used.has(base)) {
        for (const suffix of suffixes) {
          added = use(base + suffix) || added;
        }
      }
    }
    for (const name of candidates) {
      if (used.has(name)) {
        continue;
      }
      for (let dash = name.indexOf('-', prefix.length); dash > 0; dash = name.indexOf('-', dash + 1)) {
        const tail = name.slice(dash);
        if (used.has(name.slice(0, dash)) && (fragments.has(tail) || transitions.has(tail))) {
          added = use(name) || added;
          break;
        }
      }
    }
  }
  return new Set([...used].filter((name) => name.startsWith(prefix)));
}

/** The `bp6-` classes named in a stylesheet's selectors. */
export function stylesheetClasses(css: string): Set<string> {
  return new Set(Array.from(css.matchAll(new RegExp(`\\.(${NS}-[A-Za-z0-9_-]+)`, 'g')), (match) => match[1] as string));
}
