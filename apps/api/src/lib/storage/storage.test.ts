import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { S3_TEST_CREDENTIALS, startS3 } from '../../../test/s3';
import { ConfigError, loadConfig } from '../../config';
import { localStorage } from './local';
import { s3Storage } from './s3';
import type { Storage } from './types';

/** Both drivers against real backends: a folder, and s3rver on a free port. */
const BUCKET = 'habla-storage-test';
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'habla-storage-'));
const { endpoint } = await startS3(BUCKET);
const credentials = S3_TEST_CREDENTIALS;
const local = localStorage(path.join(root, 'files'));
const s3 = s3Storage({
  driver: 's3',
  bucket: BUCKET,
  endpoint,
  region: 'us-east-1',
  credentials,
  forcePathStyle: true,
});
const lister = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });

afterAll(async () => {
  await s3.close();
  lister.destroy();
  fs.rmSync(root, { recursive: true, force: true });
});

async function everything(storage: Storage): Promise<string[]> {
  if (storage.driver === 'local')
    return fs.existsSync(path.join(root, 'files'))
      ? (fs.readdirSync(path.join(root, 'files'), { recursive: true }) as string[]).filter((f) =>
          fs.statSync(path.join(root, 'files', f)).isFile(),
        )
      : [];
  return ((await lister.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key ?? '');
}

const read = async (s: Readable | null) => {
  const chunks: Buffer[] = [];
  for await (const c of s ?? []) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

/** A stream of `bytes` bytes that then fails, as an upload refused halfway does. */
function failingAfter(bytes: number): Readable {
  async function* gen() {
    for (let sent = 0; sent < bytes; sent += 1024 * 1024) yield Buffer.alloc(Math.min(1024 * 1024, bytes - sent), 1);
    throw new Error('refused halfway');
  }
  return Readable.from(gen());
}

describe.each([
  ['local', local],
  ['s3', s3],
] as const)('%s storage', (_name, storage) => {
  it('stores, reads whole and in ranges, stats and deletes', async () => {
    const data = Buffer.from('0123456789abcdef');
    await storage.putStream('acc/one', Readable.from([data.subarray(0, 5), data.subarray(5)]), {
      contentType: 'application/octet-stream',
    });
    expect(await storage.stat('acc/one')).toEqual({ size: 16 });
    expect((await read(await storage.getStream('acc/one'))).toString()).toBe('0123456789abcdef');
    expect((await read(await storage.getStream('acc/one', { start: 3, end: 6 }))).toString()).toBe('3456');
    await storage.delete('acc/one');
    await storage.delete('acc/one');
    expect(await storage.stat('acc/one')).toBeNull();
    expect(await storage.getStream('acc/one')).toBeNull();
  });

  it(
    'leaves nothing under any name when the stream fails, even past the first multipart part',
    { timeout: 60_000 },
    async () => {
      const before = await everything(storage);
      await expect(
        storage.putStream('acc/broken', failingAfter(9 * 1024 * 1024), { contentType: 'application/octet-stream' }),
      ).rejects.toThrow('refused halfway');
      expect(await storage.stat('acc/broken')).toBeNull();
      expect(await everything(storage)).toEqual(before);
    },
  );

  it('refuses keys that could leave its folder or hide a file', async () => {
    for (const key of ['../outside', 'a/../../b', '/etc/passwd', 'a/./b', '.hidden', 'A/Upper', 'a//b', 'a\\b', '']) {
      await expect(
        storage.putStream(key, Readable.from([Buffer.from('x')]), { contentType: 'text/plain' }),
        key,
      ).rejects.toThrow('invalid storage key');
      await expect(storage.getStream(key), key).rejects.toThrow('invalid storage key');
    }
    expect(fs.existsSync(path.join(root, 'outside'))).toBe(false);
  });
});

it('local: the final name appears only once the bytes are complete (written to a temporary name, then renamed)', async () => {
  const stream = new PassThrough();
  const done = local.putStream('acc/slow', stream, { contentType: 'application/octet-stream' });
  stream.write(Buffer.alloc(1000, 2));
  const partial = () =>
    fs.existsSync(path.join(root, 'files', 'acc'))
      ? fs.readdirSync(path.join(root, 'files', 'acc')).filter((f) => f.endsWith('.part'))
      : [];
  await expect
    .poll(() => partial().some((f) => fs.statSync(path.join(root, 'files', 'acc', f)).size === 1000))
    .toBe(true);
  expect(await local.stat('acc/slow')).toBeNull();
  stream.end(Buffer.alloc(24, 2));
  await done;
  expect(await local.stat('acc/slow')).toEqual({ size: 1024 });
  expect(fs.readdirSync(path.join(root, 'files', 'acc'))).toEqual(['slow']);
});

it('local: sweeping removes the temporary files a crash left behind, once old, and nothing else', async () => {
  const dir = path.join(root, 'files', 'sweep', 'deep');
  fs.mkdirSync(dir, { recursive: true });
  const old = path.join(dir, '.abc.0123456789ab.part');
  const fresh = path.join(dir, '.def.0123456789ab.part');
  fs.writeFileSync(old, 'half');
  fs.writeFileSync(fresh, 'half');
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
  fs.utimesSync(old, twoHoursAgo, twoHoursAgo);
  await local.putStream('sweep/kept', Readable.from([Buffer.from('whole')]), { contentType: 'text/plain' });
  fs.utimesSync(path.join(root, 'files', 'sweep', 'kept'), twoHoursAgo, twoHoursAgo);
  expect(await local.sweep!(new Date(Date.now() - 60 * 60 * 1000))).toBe(1);
  expect(fs.existsSync(old)).toBe(false);
  expect(fs.existsSync(fresh)).toBe(true);
  expect(await local.stat('sweep/kept')).toEqual({ size: 5 });
  expect(await localStorage(path.join(root, 'never-made')).sweep!(new Date())).toBe(0);
});

it('configuration: local under DATA_DIR/files by default; s3 needs a bucket and both keys or neither', () => {
  expect(loadConfig({ DATA_DIR: '/srv/habla' }).storage).toEqual({ driver: 'local', root: '/srv/habla/files' });
  expect(() => loadConfig({ STORAGE: 's3' })).toThrow(ConfigError);
  expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'habla-files', S3_ACCESS_KEY_ID: 'id-only' })).toThrow(
    ConfigError,
  );
  expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'habla-files', S3_ENDPOINT: 'http://minio:9000' }).storage).toEqual({
    driver: 's3',
    bucket: 'habla-files',
    endpoint: 'http://minio:9000',
    region: 'us-east-1',
    credentials: undefined,
    forcePathStyle: true,
  });
  expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'habla-files' }).storage).toMatchObject({
    endpoint: undefined,
    forcePathStyle: false,
  });
});
