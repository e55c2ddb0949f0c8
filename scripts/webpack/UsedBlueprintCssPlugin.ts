import purgeCSSPlugin from '@fullhuman/postcss-purgecss';
import postcss, { type Container, type Plugin, type Root } from 'postcss';
import { Compilation, sources, type Compiler } from 'webpack';
import { NS, stylesheetClasses, usedBlueprintClasses } from './usedBlueprintClasses';

const PLUGIN = 'UsedBlueprintCssPlugin';

/**
 * A rule that only draws a glyph of Blueprint's icon font: `.bp6-icon-add::before { content: "\f109" }`.
 * The console draws icons as SVG (icon components, whose non-empty element unsets `::before`), and
 * loads no icon font (`blueprint-icons.css`, which holds its `@font-face`, is not imported).
 */
function isIconGlyphRule(selectors: readonly string[], properties: readonly string[]): boolean {
  const glyph = new RegExp(`^\\.${NS}-icon-[a-z0-9-]+::?before$`);
  return selectors.length > 0 && selectors.every((selector) => glyph.test(selector.trim())) && properties.length > 0 && properties.every((property) => property === 'content');
}

/** Drops the icon font's glyph rules. */
export const dropIconGlyphRules: Plugin = {
  postcssPlugin: 'drop-blueprint-icon-glyph-rules',
  Once(root: Root) {
    root.walkRules((rule) => {
      const properties = rule.nodes.flatMap((node) => (node.type === 'decl' ? [node.prop] : node.type === 'comment' ? [] : ['?']));
      if (isIconGlyphRule(rule.selectors, properties)) {
        rule.remove();
      }
    });
  },
};

/**
 * Blueprint's classes that only the signed-in pages draw (all of them inside the `shell` chunk's
 * `AppShell`): the header's navbar, tooltip and user menu, the orders' table, tags and switches,
 * the order's drawer and dialogs, the filter's control groups, the calendar's popover, the settings'
 * switches and checkboxes. The
 * login page (its form, the language select, the error panel, a toast, the page's spinner) draws
 * none of them. A class is one of them when it is one of these or one built on them (`bp6-menu-item`).
 */
export const SIGNED_IN_ONLY_CLASSES = [
  'card-list', 'checkbox', 'control', 'control-card', 'control-group', 'control-indicator', 'control-input', 'dialog', 'drawer', 'html-table',
  'menu', 'navbar', 'popover', 'radio', 'submenu', 'switch', 'tag', 'text-area', 'tooltip',
].map((name) => `${NS}-${name}`);

/** Where the shell's stylesheet turns from Blueprint's rules for the signed-in pages to its own. */
export const SHELL_OWN_RULES = '/* The shell\'s own rules */';

/**
 * Classes that only signed-in pages set, themselves only: `bp6-outlined` (the order drawer's status
 * buttons). The dark theme (`bp6-dark` on `<body>`) is not one of them: the login page follows the
 * theme chosen in this browser or the operating system's, so the dark rules of what it draws stay
 * with it (those of the signed-in pages' classes move, by those classes).
 */
export const SIGNED_IN_ONLY_MODIFIERS = ['outlined'].map((name) => `${NS}-${name}`);

/** Whether `className` is one of the signed-in pages' own (`bp6-control` itself, not `bp6-control-group` through it). */
export function isSignedInOnlyClass(className: string): boolean {
  return (
    SIGNED_IN_ONLY_MODIFIERS.includes(className) ||
    SIGNED_IN_ONLY_CLASSES.some((name) => className === name || (name !== `${NS}-control` && className.startsWith(`${name}-`)))
  );
}

/** Whether a selector can only match on a signed-in page: one of its classes is drawn there only. */
export function needsSignedInPage(selector: string): boolean {
  return Array.from(selector.matchAll(new RegExp(`\\.(${NS}-[A-Za-z0-9_-]+)`, 'g')), (match) => match[1] as string).some(isSignedInOnlyClass);
}

/**
 * Moves the selectors `moves` picks into `into` (a rule with some of them is split; `@media` and
 * `@supports` around a moved rule go with it), in their order; at-rules left empty go.
 */
function moveSelectors(moves: (selector: string) => boolean, into: Root): Plugin {
  return {
    postcssPlugin: 'move-blueprint-selectors',
    OnceExit(root: Root) {
      root.walkRules((rule) => {
        const moving = rule.selectors.filter(moves);
        if (moving.length === 0) {
          return;
        }
        const wrappers: Container[] = [];
        for (let parent = rule.parent; parent && parent.type !== 'root'; parent = parent.parent) {
          wrappers.unshift(parent as Container);
        }
        let target: Container = into;
        for (const wrapper of wrappers) {
          const last = target.last;
          if (wrapper.type === 'atrule' && last?.type === 'atrule' && last.name === (wrapper as postcss.AtRule).name && last.params === (wrapper as postcss.AtRule).params) {
            target = last;
          } else {
            const copy = (wrapper as postcss.AtRule).clone({ nodes: [] });
            target.append(copy);
            target = copy;
          }
        }
        target.append(rule.clone({ selectors: moving }));
        const staying = rule.selectors.filter((selector) => !moves(selector));
        if (staying.length > 0) {
          rule.selectors = staying;
        } else {
          rule.remove();
        }
      });
      root.walkAtRules((atRule) => {
        if (atRule.nodes && atRule.nodes.length === 0) {
          atRule.remove();
        }
      });
    },
  };
}

/**
 * Blueprint's stylesheets reduced to the rules whose `bp6-` classes the bundle can use
 * (`usedBlueprintClasses`), with PurgeCSS deciding per selector: a selector stays when each of its
 * `bp6-` classes is used; every other part (elements, attributes, the console's own classes,
 * pseudo-classes) counts as present. Keyframes no rule names any more go too; custom properties
 * stay (the console's theme sets some from script). The icon font's glyph rules go.
 */
export async function reduceBlueprintCss(
  css: string,
  scripts: readonly string[],
  options: { from?: string; map?: boolean; moveOut?: (selector: string) => boolean } = {},
): Promise<{ css: string; map?: ReturnType<postcss.Result['map']['toJSON']>; moved: string }> {
  const used = usedBlueprintClasses(scripts, stylesheetClasses(css));
  const moved = postcss.root();
  const result = await postcss([
    dropIconGlyphRules,
    purgeCSSPlugin({
      content: [{ raw: [...used].join(' '), extension: 'txt' }],
      defaultExtractor: (content: string) => content.split(' '),
      // Only Blueprint's classes are judged: everything else is taken as present.
      safelist: { standard: [new RegExp(`^(?!${NS}-)`)] },
      keyframes: true,
      fontFace: true,
      variables: false,
    }),
    ...(options.moveOut ? [moveSelectors(options.moveOut, moved)] : []),
  ]).process(css, {
    from: options.from,
    // A map from the reduced file to the file given (webpack puts it on the asset's own map).
    map: options.map ? { inline: false, annotation: false, sourcesContent: false } : false,
  });
  return { css: result.css, map: result.map?.toJSON(), moved: moved.nodes.length > 0 ? moved.toString() : '' };
}

/**
 * Production builds: every extracted stylesheet (Blueprint's in the `framework` chunk, the date
 * picker's in its lazy chunk, the console's own) keeps only the Blueprint rules the emitted
 * JavaScript of the whole build (every chunk, lazy ones too) can use. Of the `framework` chunk's,
 * the rules only the signed-in pages can draw (`needsSignedInPage`) move to the front of the
 * `shell` chunk's stylesheet, which every signed-in page loads with the shell before it shows:
 * the login page loads only the rules it can draw. Runs after minification (the scripts read are
 * the shipped ones) and before source maps, content hashes and compressed copies are made, so
 * each of those describes the reduced file (webpack's real content hashes rename the two files
 * and the runtime's references to them).
 */
export class UsedBlueprintCssPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.compilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tapPromise({ name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 }, async () => {
        const scripts = compilation
          .getAssets()
          .filter((asset) => asset.name.endsWith('.js'))
          .map((asset) => asset.source.source().toString());
        const logger = compilation.getLogger(PLUGIN);
        const cssOf = (chunkName: string) => [...(compilation.namedChunks.get(chunkName)?.files ?? [])].filter((file) => file.endsWith('.css'));
        const [shellCss] = cssOf('shell');
        const framework = new Set(shellCss ? cssOf('framework') : []);
        const moved: string[] = [];
        for (const asset of compilation.getAssets().filter((candidate) => candidate.name.endsWith('.css'))) {
          const { source, map } = asset.source.sourceAndMap();
          const original = source.toString();
          const reduced = await reduceBlueprintCss(original, scripts, {
            from: asset.name,
            map: Boolean(map),
            moveOut: framework.has(asset.name) ? needsSignedInPage : undefined,
          });
          logger.info(`${asset.name}: ${original.length} → ${reduced.css.length} bytes${reduced.moved ? `, ${reduced.moved.length} to ${shellCss}` : ''}`);
          if (reduced.moved) {
            moved.push(reduced.moved);
          }
          const next = reduced.map
            ? new sources.SourceMapSource(reduced.css, asset.name, reduced.map as never, original, map ?? undefined, false)
            : new sources.RawSource(reduced.css);
          compilation.updateAsset(asset.name, next);
        }
        if (shellCss && moved.length > 0) {
          // In front of the shell's own rules, which come after Blueprint's as they did before.
          compilation.updateAsset(shellCss, (shell) => new sources.ConcatSource(`${moved.join('\n')}\n${SHELL_OWN_RULES}\n`, shell));
        }
      });
    });
  }
}
