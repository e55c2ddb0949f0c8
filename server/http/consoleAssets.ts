import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** A file name with a content hash, such as `main.3f2a1b9c.js` or `vendors-1a2b3c4d5e.css.map`. */
const HASHED = /[.-][0-9a-f]{8,}(\.[a-z0-9]+)+$/i;

/** Hashed assets never change under their name: cacheable for a year. Everything else is revalidated. */
export function assetCacheControl(fileName: string): string {
  return HASHED.test(path.basename(fileName)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** A source map of the build, such as `assets/main.3f2a1b9c4d5e.js.map`, also a compressed copy of one. */
const SOURCE_MAP = /\.map(\.(br|gz))?$/i;

export interface ConsoleAssetOptions {
  /**
   * Whether the build's source maps (`*.map`) are served. Default false: they are built for error
   * reporting, and name no `sourceMappingURL` in the files, but are the sources for anyone who asks.
   */
  serveSourceMaps?: boolean;
}

/**
 * Serves the files of the console build (`staticDir`), except index.html, which the console page
 * answers with its nonce, and source maps unless `serveSourceMaps`. Missing (and withheld) files fall
 * through to the not-found handler.
 *
 * The build writes brotli (`.br`) and gzip (`.gz`) copies beside its hashed files: a request whose
 * `Accept-Encoding` takes one gets that copy with `Content-Encoding` (brotli first), the same caching
 * and its own length and validators. Every file answer says `Vary: Accept-Encoding`, as what is sent
 * depends on it; a compressible file without a copy (such as `sw.js`, replaced in place by a release)
 * is compressed on the fly by the answer compression registered before (see compression.ts).
 */
export async function registerConsoleAssets(app: FastifyInstance, staticDir: string, options: ConsoleAssetOptions = {}): Promise<void> {
  if (!existsSync(staticDir)) {
    return;
  }
  const serveSourceMaps = options.serveSourceMaps ?? false;
  await app.register(fastifyStatic, {
    root: path.resolve(staticDir),
    index: false,
    wildcard: true,
    cacheControl: false,
    serveDotFiles: false,
    preCompressed: true,
    allowedPath: (pathName) => {
      const name = path.posix.basename(pathName);
      return name !== 'index.html' && (serveSourceMaps || !SOURCE_MAP.test(name));
    },
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', assetCacheControl(filePath));
      res.setHeader('vary', 'accept-encoding');
    },
  });
}
