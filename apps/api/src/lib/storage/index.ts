import crypto from 'node:crypto';
import type { StorageConfig } from '../../config';
import { localStorage } from './local';
import { s3Storage } from './s3';
import type { Storage } from './types';

export type { ByteRange, Storage } from './types';

/** The storage the configuration names: local disk by default, S3-compatible with STORAGE=s3. */
export function createStorage(config: StorageConfig): Storage {
  return config.driver === 's3' ? s3Storage(config) : localStorage(config.root);
}

/** A fresh key for a new object: its owner's account (or `platform`) and a random uuid; nothing from the user. */
export const newStorageKey = (accountId: string | null): string => `${accountId ?? 'platform'}/${crypto.randomUUID()}`;
