/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import { isSignedInOnlyClass, needsSignedInPage, reduceBlueprintCss } from '../../../scripts/webpack/UsedBlueprintCssPlugin';
import { stylesheetClasses, usedBlueprintClasses } from '../../../scripts/webpack/usedBlueprintClasses';

const BLUEPRINT_CSS = readFileSync(path.resolve(__dirname, '../../../node_modules/@blueprintjs/core/lib/css/blueprint.css'), 'utf8');

/**
 * A minified bundle as webpack and terser write Blueprint's classes: the namespace in a variable,
 * constants built on constants, the intent class and the popover's placement built at run time, an
 * icon component naming its icon.
 */
const SCRIPT = [
  'let e="bp6";',
  'const t=`${e}-button`,n=`${t}-text`,m=`${e}-minimal`,y=`${e}-icon`,g=`${e}-toast`,o=`${e}-tooltip`,p=`${e}-popover`,r=`${p}-placement`,a=`${p}-arrow`;',
  'function i(s){return null==s||"none"===s?void 0:`${e}-intent-${s.toLowerCase()}`}',
  'const c=f=>`${r}-${f}`;',
  'const x=(0,l.jsx)(u,{iconName:"cross",svgProps:d});',
].join('');

/** The selectors of a stylesheet, one by one. */
function selectorsOf(css: string): Set<string> {
  const selectors = new Set<string>();
  postcss.parse(css).walkRules((rule) => rule.selectors.forEach((selector) => selectors.add(selector.trim())));
  return selectors;
}

describe('the Blueprint classes a bundle can use', () => {
  const used = usedBlueprintClasses([SCRIPT], stylesheetClasses(BLUEPRINT_CSS));

  it('takes the constants, those built on them, the intents and placements its builders make, and its icons\' classes', () => {
    for (const name of ['bp6-button', 'bp6-button-text', 'bp6-tooltip', 'bp6-popover-arrow', 'bp6-intent-primary', 'bp6-intent-danger', 'bp6-popover-placement-bottom', 'bp6-icon-cross', 'bp6-dark']) {
      expect([name, used.has(name)]).toEqual([name, true]);
    }
  });

  it('leaves out the classes of components it does not hold', () => {
    for (const name of ['bp6-slider', 'bp6-tree', 'bp6-editable-text', 'bp6-file-input', 'bp6-breadcrumbs', 'bp6-tab', 'bp6-button-group', 'bp6-icon-add']) {
      expect([name, used.has(name)]).toEqual([name, false]);
    }
  });
});

describe('Blueprint\'s stylesheet reduced to what a bundle can use', () => {
  let kept: Set<string>;

  beforeAll(async () => {
    kept = selectorsOf((await reduceBlueprintCss(BLUEPRINT_CSS, [SCRIPT])).css);
  });

  it('keeps a used component\'s rules, with the intent class made at run time, and their dark variants', () => {
    expect(kept).toContain('.bp6-button');
    expect(kept).toContain('.bp6-button.bp6-intent-primary');
    expect(kept).toContain('.bp6-dark .bp6-button.bp6-minimal.bp6-intent-primary');
    expect(kept).toContain('.bp6-dark .bp6-icon.bp6-intent-primary');
    expect(kept).toContain('.bp6-tooltip.bp6-popover-placement-bottom .bp6-popover-arrow');
  });

  it('keeps the rules of elements and of the icons\' SVG elements', () => {
    expect(kept).toContain('body');
    expect(kept).toContain('.bp6-icon:not(:empty)::before');
    expect(kept).toContain('.bp6-toast.bp6-intent-primary .bp6-button:last-child > .bp6-icon-cross');
  });

  it('drops the icon font\'s glyph rules and unused components\' rules, their dark variants too', () => {
    expect(kept).not.toContain('.bp6-icon-add::before');
    expect(kept).not.toContain('.bp6-icon-cross::before');
    expect([...kept].filter((selector) => selector.includes('.bp6-slider'))).toEqual([]);
    expect(kept).not.toContain('.bp6-dark .bp6-tree');
  });

  it('drops keyframes that no kept rule names', async () => {
    const css = '@keyframes bp6-slider-glow{from{opacity:0}}@keyframes keep-me{from{opacity:0}}.bp6-slider{animation:bp6-slider-glow 1s}.bp6-button{animation:keep-me 1s}';
    const reduced = (await reduceBlueprintCss(css, [SCRIPT])).css;
    expect(reduced).not.toContain('bp6-slider-glow');
    expect(reduced).toContain('@keyframes keep-me');
  });
});

describe('Blueprint\'s rules for the signed-in pages, out of the login page\'s stylesheet', () => {
  it('knows the classes only signed-in pages draw, and those built on them', () => {
    for (const name of ['bp6-tooltip', 'bp6-popover-arrow', 'bp6-menu-item', 'bp6-submenu', 'bp6-navbar-divider', 'bp6-html-table-striped', 'bp6-tag-remove', 'bp6-control', 'bp6-control-group', 'bp6-control-indicator', 'bp6-switch', 'bp6-outlined']) {
      expect([name, isSignedInOnlyClass(name)]).toEqual([name, true]);
    }
    // The login page's form, select, callout, error panel, toast (with its button group) and spinner.
    for (const name of ['bp6-button', 'bp6-button-group', 'bp6-input-group', 'bp6-form-group', 'bp6-html-select', 'bp6-callout', 'bp6-card', 'bp6-non-ideal-state', 'bp6-toast', 'bp6-overlay', 'bp6-portal', 'bp6-spinner', 'bp6-minimal', 'bp6-icon']) {
      expect([name, isSignedInOnlyClass(name)]).toEqual([name, false]);
    }
    expect(needsSignedInPage('.bp6-tooltip .bp6-popover-content')).toBe(true);
    // The login page follows the theme: the dark rules of what it draws stay with it, those of the signed-in pages' classes move.
    expect(isSignedInOnlyClass('bp6-dark')).toBe(false);
    expect(needsSignedInPage('.bp6-dark .bp6-button')).toBe(false);
    expect(needsSignedInPage('[data-bp-color-scheme=dark] .bp6-button')).toBe(false);
    expect(needsSignedInPage('.bp6-dark .bp6-navbar')).toBe(true);
    expect(needsSignedInPage('.bp6-button.bp6-outlined')).toBe(true);
    expect(needsSignedInPage('.bp6-button:not([class*=bp6-intent-])')).toBe(false);
    expect(needsSignedInPage('.bp6-button.bp6-minimal')).toBe(false);
  });

  it('moves them out, in their order and with their media queries, and keeps the rest where it was', async () => {
    const css = [
      '.bp6-button{color:red}',
      '.bp6-tooltip,.bp6-button.bp6-minimal{color:blue}',
      '@media (forced-colors:active){.bp6-button{border:1px solid}.bp6-menu-item{border:none}.bp6-tooltip{outline:1px solid}}',
      '.bp6-dark .bp6-menu{background:black}',
      '@supports (color:red){.bp6-tag{color:red}}',
    ].join('');
    const script = 'let e="bp6";const t=`${e}-button`,m=`${e}-minimal`,o=`${e}-tooltip`,u=`${e}-menu`,i=`${u}-item`,g=`${e}-tag`;';
    const reduced = await reduceBlueprintCss(css, [script], { moveOut: needsSignedInPage });
    expect([...selectorsOf(reduced.css)]).toEqual(['.bp6-button', '.bp6-button.bp6-minimal']);
    expect(reduced.css).toMatch(/@media \(forced-colors:active\)\s*\{\s*\.bp6-button\s*\{\s*border:1px solid\s*\}\s*\}/);
    expect(reduced.css).not.toContain('@supports');
    expect([...selectorsOf(reduced.moved)]).toEqual(['.bp6-tooltip', '.bp6-menu-item', '.bp6-dark .bp6-menu', '.bp6-tag']);
    const moved = postcss.parse(reduced.moved);
    expect(moved.nodes.map((node) => (node.type === 'atrule' ? `@${node.name} ${node.params} ${node.nodes?.length}` : node.type))).toEqual([
      'rule',
      '@media (forced-colors:active) 2',
      'rule',
      '@supports (color:red) 1',
    ]);
  });

  it('moves nothing unless asked', async () => {
    expect((await reduceBlueprintCss('.bp6-tooltip{color:blue}', ['let e="bp6";const o=`${e}-tooltip`;'])).moved).toBe('');
  });
});

