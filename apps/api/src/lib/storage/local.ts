import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, type ByteRange, type Storage } from './types';

const isMissing = (e: unknown) => (e as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files under `root` (DATA_DIR/files by default), one per key. A new file is written under a
 * temporary name beside its final place, flushed to disk, then renamed: a crash or a refused upload
 * never leaves a half file under the final name (a `.part` file at most, never served).
 */
export function localStorage(root: string): Storage {
  const base = path.resolve(root);
  const pathOf = (key: string): string => {
    assertStorageKey(key);
    const full = path.resolve(base, key);
    if (!full.startsWith(base + path.sep)) throw new Error('invalid storage key');
    return full;
  };

  return {
    driver: 'local',
    async putStream(key: string, stream: Readable) {
      const target = pathOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const temp = path.join(
        path.dirname(target),
        `.${path.basename(target)}.${crypto.randomBytes(6).toString('hex')}.part`,
      );
      try {
        await pipeline(stream, fs.createWriteStream(temp, { flags: 'wx', mode: 0o640 }));
        const handle = await fsp.open(temp, 'r+');
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fsp.rename(temp, target);
      } catch (err) {
        await fsp.rm(temp, { force: true });
        throw err;
      }
    },
    async getStream(key: string, range?: ByteRange) {
      const file = pathOf(key);
      try {
        const handle = await fsp.open(file, 'r');
        return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key: string) {
      await fsp.rm(pathOf(key), { force: true });
    },
    async sweep(before: Date) {
      let removed = 0;
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(base, { recursive: true, withFileTypes: true });
      } catch (err) {
        if (isMissing(err)) return 0;
        throw err;
      }
      for (const entry of entries) {
        if (!entry.isFile() || !entry.name.startsWith('.') || !entry.name.endsWith('.part')) continue;
        const file = path.join(entry.parentPath, entry.name);
        // A younger one may be an upload another request (or instance sharing the disk) is writing now.
        const stat = await fsp.stat(file).catch(() => null);
        if (!stat || stat.mtime >= before) continue;
        await fsp.rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },
    async stat(key: string) {
      try {
        const s = await fsp.stat(pathOf(key));
        return { size: s.size };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async close() {},
  };
}
