import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const cache = new Map<string, unknown>();

/**
 * A JSON data file of an installed package (`emojibase-data/en/data.json`), read and parsed on first
 * use. Large data files are never `import`ed: that would make every process (and every test worker)
 * that merely imports the app pay for parsing megabytes it may never use.
 */
export function packageJson<T>(specifier: string): T {
  let value = cache.get(specifier);
  if (value === undefined) {
    value = JSON.parse(fs.readFileSync(require.resolve(specifier), 'utf8')) as unknown;
    cache.set(specifier, value);
  }
  return value as T;
}
