/**
 * Stands in for @blueprintjs/icons' `iconNames` module in the console's build (webpack.config.ts puts
 * it in place of the original for the icon package's own imports).
 *
 * The original builds `IconNames` (`CaretDown` and `CARET_DOWN` → `"caret-down"`, ~1 400 keys) and
 * `IconNamesSet` from the table of all 706 icons (`generated/16px/blueprint-icons-16.js`, 68 kB) with
 * change-case, and comes with Blueprint's core into the first screen's framework chunk: its `Icon`
 * asks `IconNamesSet.has(name)` before it loads an icon's paths by name. The console never names an
 * icon (it passes icon components, which carry their own paths; a unit test finds no name in
 * `src/ui`), so the table only weighs.
 *
 * Why a list made at build time rather than names worked out from any key: `has` must answer like the
 * original for every name that can reach it, and answering `true` for a typo would make `Icon` load
 * every icon's paths instead of reporting the unknown icon. A name can only come from code in the
 * build, so the build collects the icon names written in the console's sources and in Blueprint's
 * packages (`"caret-down"`, `IconNames.SQUARE`; scripts/webpack/iconNamesInCode.ts, checked against
 * the real table) and defines them as `BLUEPRINT_ICON_NAMES`: a few dozen names, not 706.
 * `IconNames` has the same two keys per name as the original.
 */
import type * as Original from '@blueprintjs/icons/lib/esm/iconNames';

/** The icon names written in the build's code, defined by the build (DefinePlugin); none elsewhere. */
declare const BLUEPRINT_ICON_NAMES: readonly string[] | undefined;

/** `caret-down` → `CaretDown` (change-case's pascalCase of a kebab-case icon name). */
const pascalKey = (name: string) => name.replace(/(^|-)([a-z0-9])/g, (_, __, letter: string) => letter.toUpperCase());
/** `caret-down` → `CARET_DOWN` (change-case's snakeCase, upper-cased). */
const legacyKey = (name: string) => name.replace(/-/g, '_').toUpperCase();

/** `IconNames` and `IconNamesSet` for `names`, as the original builds them for its table. */
export function iconNamesOf(names: readonly string[]): { IconNames: typeof Original.IconNames; IconNamesSet: typeof Original.IconNamesSet } {
  const byKey: Record<string, string> = {};
  for (const name of names) {
    byKey[pascalKey(name)] = name;
  }
  for (const name of names) {
    byKey[legacyKey(name)] = name;
  }
  return { IconNames: byKey as typeof Original.IconNames, IconNamesSet: new Set(names) as typeof Original.IconNamesSet };
}

const built = iconNamesOf(typeof BLUEPRINT_ICON_NAMES === 'undefined' ? [] : BLUEPRINT_ICON_NAMES);

/** The icon names of the build's code, by `PascalCase` and by `LEGACY_CASE` key. */
export const IconNames = built.IconNames;

/** The icon names of the build's code. */
export const IconNamesSet = built.IconNamesSet;
