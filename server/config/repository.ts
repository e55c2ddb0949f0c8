import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The repository's root directory (the console build `dist/` and package.json are there). */
export const REPOSITORY_ROOT = path.resolve(__dirname, '..', '..');

/** The version in the repository's package.json. */
export function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(path.join(REPOSITORY_ROOT, 'package.json'), 'utf8')) as { version?: string };
  return manifest.version ?? '0.0.0';
}
