import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import type { StorageConfig } from '../../config';
import { assertStorageKey, type ByteRange, type Storage } from './types';

type S3Config = Extract<StorageConfig, { driver: 's3' }>;

const isMissing = (e: unknown) =>
  e instanceof S3ServiceException &&
  (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata.httpStatusCode === 404);

/**
 * Any S3-compatible object store (AWS S3, MinIO, Ceph, Garage, R2…), so several API instances share
 * the files. Uploads stream through the SDK's managed upload (one PUT when small, a multipart
 * upload in 8 MiB parts when large): an object exists only once the upload completes, and a failed
 * stream aborts the multipart upload. The keys in `config` are handed to the SDK and nowhere else.
 */
export function s3Storage(config: S3Config): Storage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 requires them: many S3-compatible servers do not accept the newer
    // trailing-checksum (aws-chunked) uploads; the row keeps its own SHA-256 of the bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  return {
    driver: 's3',
    async putStream(key: string, stream: Readable, opts: { contentType: string }) {
      assertStorageKey(key);
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: stream, ContentType: opts.contentType },
        partSize: 8 * 1024 * 1024,
        queueSize: 2,
        leavePartsOnError: false,
      });
      // The SDK reads the stream through its async iterator; the stream's own error is the one to report.
      let streamError: unknown;
      stream.once('error', (e) => (streamError = e));
      try {
        await upload.done();
      } catch (err) {
        throw streamError ?? err;
      }
    },
    async getStream(key: string, range?: ByteRange) {
      assertStorageKey(key);
      try {
        const res = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        return (res.Body as Readable | undefined) ?? null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key: string) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async stat(key: string) {
      assertStorageKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async close() {
      client.destroy();
    },
  };
}
