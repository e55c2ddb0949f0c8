import purgeCSSPlugin from '@fullhuman/postcss-purgecss';
import postcss, { type Plugin, type Root } from 'postcss';
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
 * Blueprint's stylesheets reduced to the rules whose `bp6-` classes the bundle can use
 * (`usedBlueprintClasses`), with PurgeCSS deciding per selector: a selector stays when each of its
 * `bp6-` classes is used; every other part (elements, attributes, the console's own classes,
 * pseudo-classes) counts as present. Keyframes no rule names any more go too; custom properties
 * stay (the console's theme sets some from script). The icon font's glyph rules go.
 */
export async function reduceBlueprintCss(css: string, scripts: readonly string[], options: { from?: string; map?: boolean } = {}): Promise<{ css: string; map?: ReturnType<postcss.Result['map']['toJSON']> }> {
  const used = usedBlueprintClasses(scripts, stylesheetClasses(css));
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
  ]).process(css, {
    from: options.from,
    // A map from the reduced file to the file given (webpack puts it on the asset's own map).
    map: options.map ? { inline: false, annotation: false, sourcesContent: false } : false,
  });
  return { css: result.css, map: result.map?.toJSON() };
}

/**
 * Production builds: every extracted stylesheet (Blueprint's in the `framework` chunk, the date
 * picker's in its lazy chunk, the console's own) keeps only the Blueprint rules the emitted
 * JavaScript of the whole build (every chunk, lazy ones too) can use. Runs after minification
 * (the scripts read are the shipped ones) and before source maps, content hashes and compressed
 * copies are made, so each of those describes the reduced file.
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
        for (const asset of compilation.getAssets().filter((candidate) => candidate.name.endsWith('.css'))) {
          const { source, map } = asset.source.sourceAndMap();
          const original = source.toString();
          const reduced = await reduceBlueprintCss(original, scripts, { from: asset.name, map: Boolean(map) });
          logger.info(`${asset.name}: ${original.length} → ${reduced.css.length} bytes`);
          const next = reduced.map
            ? new sources.SourceMapSource(reduced.css, asset.name, reduced.map as never, original, map ?? undefined, false)
            : new sources.RawSource(reduced.css);
          compilation.updateAsset(asset.name, next);
        }
      });
    });
  }
}
