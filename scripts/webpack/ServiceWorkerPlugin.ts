import { createHash } from 'node:crypto';
import { Compilation, type Compiler, sources } from 'webpack';

/** What Workbox's precache takes: a URL, and a revision for files whose name has no hash. */
interface PrecacheEntry {
  url: string;
  revision: string | null;
}

export interface ServiceWorkerPluginOptions {
  /** The service worker's file (an entry of the build with a fixed name). */
  swDest: string;
  /** Files not to precache (source maps, licence texts). */
  exclude: RegExp[];
  /** A file name that carries a content hash (precached without a revision). */
  hashed: RegExp;
  publicPath: string;
}

const PLACEHOLDER = 'self.__WB_MANIFEST';

/**
 * The service worker's build step, as Workbox's InjectManifest does it: the worker is an entry of
 * this build (one self-contained file at `swDest`, outside the split chunks and the runtime), and
 * once every file of the build is final, the list of files to precache replaces
 * `self.__WB_MANIFEST` in it. Hashed files go in without a revision; others (index.html, the
 * manifest, icons) with the MD5 of their content, so a changed file is fetched again and any
 * change of the shell changes the worker's bytes, which is what makes browsers install an update.
 *
 * Written here rather than taken from workbox-webpack-plugin: that package pulls in workbox-build
 * with rollup, whose platform packages the registry we install from does not all carry, which
 * breaks `npm ci` on a lockfile made elsewhere.
 */
export class ServiceWorkerPlugin {
  constructor(private readonly options: ServiceWorkerPluginOptions) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap(ServiceWorkerPlugin.name, (compilation) => {
      compilation.hooks.processAssets.tap({ name: ServiceWorkerPlugin.name, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER }, () =>
        this.inject(compilation),
      );
    });
  }

  private inject(compilation: Compilation): void {
    const { swDest, exclude, hashed, publicPath } = this.options;
    const worker = compilation.getAsset(swDest);
    if (!worker) {
      compilation.errors.push(new compilation.compiler.webpack.WebpackError(`${ServiceWorkerPlugin.name}: no ${swDest} in the build`));
      return;
    }
    const workerFiles = new Set([swDest, ...(compilation.assetsInfo.get(swDest)?.related?.sourceMap ? [String(compilation.assetsInfo.get(swDest)?.related?.sourceMap)] : [])]);
    const entries: PrecacheEntry[] = compilation
      .getAssets()
      .filter((asset) => !workerFiles.has(asset.name) && !exclude.some((pattern) => pattern.test(asset.name)))
      .map((asset) => ({
        url: `${publicPath}${asset.name}`,
        revision: hashed.test(asset.name) ? null : createHash('md5').update(asset.source.buffer()).digest('hex'),
      }))
      .sort((left, right) => left.url.localeCompare(right.url));
    const code = worker.source.source().toString();
    const at = code.indexOf(PLACEHOLDER);
    if (at < 0 || code.indexOf(PLACEHOLDER, at + 1) >= 0) {
      compilation.errors.push(new compilation.compiler.webpack.WebpackError(`${ServiceWorkerPlugin.name}: ${swDest} must name ${PLACEHOLDER} exactly once`));
      return;
    }
    const replaced = new sources.ReplaceSource(worker.source, ServiceWorkerPlugin.name);
    replaced.replace(at, at + PLACEHOLDER.length - 1, JSON.stringify(entries));
    compilation.updateAsset(swDest, replaced);
  }
}
