import type { Readable } from 'node:stream';

/** Bytes `start` to `end` of an object, both included (an HTTP byte range, resolved). */
export type ByteRange = { start: number; end: number };

/**
 * Where file bytes live (local disk or an S3-compatible store), behind one small interface so the
 * rest of the API never knows which. Keys are made by the server (`newStorageKey`), never from a
 * name a user sent.
 */
export type Storage = {
  readonly driver: 'local' | 's3';
  /**
   * Store the stream's bytes under `key`. The object appears under its key only once complete; when
   * the stream fails (a refused upload) nothing is left under the key and the stream's error is
   * thrown.
   */
  putStream(key: string, stream: Readable, opts: { contentType: string }): Promise<void>;
  /** The object's bytes (or one range of them); null when there is no such object. */
  getStream(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Remove the object; removing a missing one is no error. */
  delete(key: string): Promise<void>;
  /** Size of the object, or null when there is none. */
  stat(key: string): Promise<{ size: number } | null>;
  /**
   * Remove what a crash mid-write left behind (temporary `.part` files older than `before`) and say
   * how many. Local disk only: an S3 store drops an unfinished upload itself.
   */
  sweep?(before: Date): Promise<number>;
  /** Release connections (S3 client). */
  close(): Promise<void>;
};

const KEY = /^[a-z0-9][a-z0-9_-]{0,63}(\/[a-z0-9][a-z0-9_-]{0,63}){0,7}$/;

/** Keys are lower-case words joined by `/`: no dots, so no `..`, no absolute paths, no hidden files. */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key)) throw new Error('invalid storage key');
}
