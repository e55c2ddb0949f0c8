import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Compilation, type Compiler, sources } from 'webpack';

/**
 * Emits the web app manifest and its icons (`src/app/pwa`) under fixed names at the root of the
 * build (`/manifest.webmanifest`, `/icons/*`): the manifest and push notifications name them by
 * path. Emitted before the service worker's precache list is made, so they are precached too.
 */
export class PwaAssetsPlugin {
  constructor(private readonly directory: string) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap(PwaAssetsPlugin.name, (compilation) => {
      compilation.hooks.processAssets.tap({ name: PwaAssetsPlugin.name, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const file of this.files()) {
          compilation.fileDependencies.add(file);
          compilation.emitAsset(path.relative(this.directory, file).split(path.sep).join('/'), new sources.RawSource(readFileSync(file)));
        }
      });
    });
  }

  private files(): string[] {
    return readdirSync(this.directory, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  }
}
