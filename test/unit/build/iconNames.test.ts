/** @jest-environment node */
import path from 'node:path';
import { IconNames as OriginalIconNames, IconNamesSet as OriginalIconNamesSet } from '@blueprintjs/icons/lib/cjs/iconNames';
import { allBlueprintIconNames, blueprintIconNamesInCode, iconNameOfKey, iconNamesInCode } from '../../../scripts/webpack/iconNamesInCode';
import { iconNamesOf } from '../../../src/ui/blueprint/iconNames';

const root = path.resolve(__dirname, '../../..');

/** The stand-in for @blueprintjs/icons' names (src/ui/blueprint/iconNames.ts) answers like the original for what the build's code names. */
describe('the icon names of the build', () => {
  const inCode = blueprintIconNamesInCode(root);
  const standIn = iconNamesOf(inCode);

  it('reads the same 706 names as the original', () => {
    expect(allBlueprintIconNames(root)).toEqual(new Set(OriginalIconNamesSet));
    expect(allBlueprintIconNames(root).size).toBe(706);
  });

  it('works out the name of every key of the original', () => {
    const differing = Object.entries(OriginalIconNames).filter(([key, name]) => iconNameOfKey(key) !== name);
    expect(differing).toEqual([]);
  });

  it('holds the names Blueprint\'s code passes by name, and the keys that reach them', () => {
    // Blueprint's PanelStack ("chevron-left"), TimezoneSelect ("caret-down"), EntityTitle (IconNames.SQUARE).
    for (const name of ['chevron-left', 'caret-down', 'square'] as const) {
      expect([name, standIn.IconNamesSet.has(name), OriginalIconNamesSet.has(name)]).toEqual([name, true, true]);
    }
    expect(standIn.IconNames.SQUARE).toBe(OriginalIconNames.SQUARE);
    expect(standIn.IconNames.CaretDown).toBe(OriginalIconNames.CaretDown);
    expect(standIn.IconNames.CARET_DOWN).toBe('caret-down');
    expect(standIn.IconNames.ChevronLeft).toBe('chevron-left');
  });

  it('answers as the original for every name it holds, and knows no name the original does not', () => {
    expect(inCode.length).toBeGreaterThan(2);
    expect(inCode.length).toBeLessThan(200);
    expect(inCode.filter((name) => !OriginalIconNamesSet.has(name as never))).toEqual([]);
    for (const [key, name] of Object.entries(standIn.IconNames)) {
      expect([key, name]).toEqual([key, (OriginalIconNames as Record<string, string>)[key]]);
    }
    expect(standIn.IconNamesSet.has('no-such-icon' as never)).toBe(false);
    expect(OriginalIconNamesSet.has('no-such-icon' as never)).toBe(false);
  });

  it('finds names written as strings and through IconNames, and nothing that is no icon', () => {
    const all = allBlueprintIconNames(root);
    const found = iconNamesInCode(['icon: "caret-down", x = IconNames.SQUARE, y = IconNames.ChevronLeft', "'no-such-icon' `refresh` IconNames.NoSuchIcon"], all);
    expect(found).toEqual(['caret-down', 'chevron-left', 'refresh', 'square']);
  });
});
