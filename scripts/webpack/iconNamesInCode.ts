import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The Blueprint icon names that code writes out: as a string (`icon: "caret-down"`) or through
 * `IconNames` (`IconNames.SQUARE`, `IconNames.CaretDown`). These are the names the console's build
 * lets `IconNamesSet` know (src/ui/blueprint/iconNames.ts): an icon is only ever named by code that
 * is part of the build, Blueprint's or the console's.
 */

/** The icon name an `IconNames` key stands for: `CaretDown` and `CARET_DOWN` are `caret-down`. */
export function iconNameOfKey(key: string): string {
  return /^[A-Z0-9_]+$/.test(key) ? key.toLowerCase().replace(/_/g, '-') : key.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/** Every icon name in `sources` (file contents), among `allNames`, sorted. */
export function iconNamesInCode(sources: readonly string[], allNames: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const source of sources) {
    for (const [, name] of source.matchAll(/["'`]([a-z0-9]+(?:-[a-z0-9]+)*)["'`]/g)) {
      if (allNames.has(name as string)) {
        found.add(name as string);
      }
    }
    for (const [, key] of source.matchAll(/\bIconNames\.([A-Za-z0-9_]+)/g)) {
      const name = iconNameOfKey(key as string);
      if (allNames.has(name)) {
        found.add(name);
      }
    }
  }
  return [...found].sort();
}

/** The files under `dir` whose names end with one of `extensions`. */
function filesUnder(dir: string, extensions: readonly string[]): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full, extensions) : extensions.some((extension) => entry.name.endsWith(extension)) ? [full] : [];
  });
}

/** Every name of Blueprint's icon set, read from its 16 px table (at build time only). */
export function allBlueprintIconNames(root: string): Set<string> {
  // `BlueprintIcons_16["AddApplication"] = "add-application";`, one line per icon.
  const table = readFileSync(path.join(root, 'node_modules/@blueprintjs/icons/lib/esm/generated/16px/blueprint-icons-16.js'), 'utf8');
  return new Set(Array.from(table.matchAll(/\bBlueprintIcons_16\["[A-Za-z0-9]+"\] = "([a-z0-9-]+)";/g), (match) => match[1] as string));
}

/**
 * The icon names written out by the console's sources (`src`) and by Blueprint's packages that the
 * console's code imports (their ES modules, which the build bundles), among Blueprint's icon set.
 */
export function blueprintIconNamesInCode(root: string): string[] {
  const packages = ['core', 'datetime', 'datetime2', 'select'].map((name) => path.join(root, 'node_modules/@blueprintjs', name, 'lib/esm'));
  const files = [...filesUnder(path.join(root, 'src'), ['.ts', '.tsx']), ...packages.flatMap((dir) => filesUnder(dir, ['.js']))];
  return iconNamesInCode(
    files.map((file) => readFileSync(file, 'utf8')),
    allBlueprintIconNames(root),
  );
}
