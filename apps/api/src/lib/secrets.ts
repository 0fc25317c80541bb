import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/**
 * Field encryption at rest (AES-256-GCM) for personal identifiers such as the SSN. The key comes from
 * configuration: HABLA_SECRET_KEY (32 bytes, base64 or hex) or, when unset, a key file created once
 * in the data folder (mode 600). It is never stored in the database, so a database dump alone does
 * not reveal the values.
 */
const keys = new Map<string, Buffer>();

function parseKey(text: string): Buffer {
  const t = text.trim();
  const buf = /^[0-9a-f]{64}$/i.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (buf.length !== 32) throw new Error('HABLA_SECRET_KEY must be 32 bytes, in base64 or hex');
  return buf;
}

export function secretKey(config: Pick<Config, 'dataDir'>): Buffer {
  const fromEnv = process.env.HABLA_SECRET_KEY;
  const cacheKey = fromEnv ? `env:${fromEnv}` : `file:${config.dataDir}`;
  const known = keys.get(cacheKey);
  if (known) return known;
  let key: Buffer;
  if (fromEnv) key = parseKey(fromEnv);
  else {
    const file = path.join(config.dataDir, 'secret.key');
    if (!fs.existsSync(file)) {
      fs.mkdirSync(config.dataDir, { recursive: true });
      try {
        fs.writeFileSync(file, crypto.randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
    key = parseKey(fs.readFileSync(file, 'utf8'));
  }
  keys.set(cacheKey, key);
  return key;
}

/** `v1.<iv>.<tag>.<ciphertext>` in base64url; a fresh 96-bit nonce per value. */
export function encryptText(key: Buffer, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join(
    '.',
  );
}

export function decryptText(key: Buffer, stored: string): string {
  const [version, iv, tag, ct] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || ct === undefined) throw new Error('unknown ciphertext format');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}

/** 123-45-6789 (or 123456789) → the digits in the usual grouping. */
export const normalizeSsn = (v: string): string => {
  const d = v.replace(/\D/g, '');
  return `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`;
};
export const maskSsn = (last4: string | null | undefined): string | null => (last4 ? `***-**-${last4}` : null);
export const isMaskedSsn = (v: unknown): boolean => typeof v === 'string' && /^\*{3}-\*{2}-\d{4}$/.test(v);
