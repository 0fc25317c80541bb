import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll } from 'vitest';

export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** 40 characters in the shape of an AWS secret key, with `/` and `+` (the log scrubber's token pattern does not catch
 * it whole). */
const awsLikeSecret = () => {
  const b = crypto.randomBytes(30).toString('base64').split('');
  b[9] = '/';
  b[23] = '+';
  return b.join('');
};

/**
 * A real S3-compatible server (s3rver, an npm package: nothing is downloaded) on a free port of
 * 127.0.0.1 with `bucket` created, stopped and its folder removed after the calling file's tests.
 * The app's `env` carries a secret key of its own (s3rver is told not to check signatures), so a
 * test can look for it in the logs.
 */
export async function startS3(bucket: string): Promise<{ endpoint: string; env: Record<string, string> }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'habla-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
    allowMismatchedSignatures: true,
  });
  const { port } = await server.run();
  afterAll(async () => {
    await server.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: awsLikeSecret(),
    },
  };
}
