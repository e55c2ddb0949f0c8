// Source maps: a frame of a built chunk to its original function, file and package.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

export class Symbolizer {
  private readonly consumers = new Map<string, SourceMapConsumer | null>();

  constructor(private readonly distDir: string) {}

  /** The original place of `url`:line:column (0-based line and column, as in V8's call frames). */
  locate(url: string, line: number, column: number): { source: string; name: string | null; line: number } | null {
    const consumer = this.consumer(url);
    if (!consumer) {
      return null;
    }
    const position = consumer.originalPositionFor({ line: line + 1, column, bias: SourceMapConsumer.GREATEST_LOWER_BOUND });
    if (!position.source) {
      return null;
    }
    return { source: tidySource(position.source), name: position.name ?? null, line: position.line ?? 0 };
  }

  private consumer(url: string): SourceMapConsumer | null {
    if (!this.consumers.has(url)) {
      let consumer: SourceMapConsumer | null = null;
      try {
        const file = path.join(this.distDir, new URL(url).pathname);
        if (existsSync(`${file}.map`)) {
          consumer = new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as RawSourceMap);
        }
      } catch {
        consumer = null;
      }
      this.consumers.set(url, consumer);
    }
    return this.consumers.get(url) ?? null;
  }
}

export function tidySource(source: string): string {
  return source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
}

/** The package (node_modules/<name>) or the source folder a file belongs to. */
export function moduleGroup(source: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg?.[1]) {
    return pkg[1];
  }
  return source;
}

export function chunkName(url: string): string {
  try {
    const pathname = new URL(url).pathname;
    return pathname.replace(/^\/assets\//, '').replace(/\.[0-9a-f]{12}\.js$/, '.js');
  } catch {
    return url || '(native)';
  }
}
