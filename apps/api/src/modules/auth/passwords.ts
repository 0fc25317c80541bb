import { hash, verify, type Algorithm } from '@node-rs/argon2';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// `Algorithm` is an ambient const enum, which isolatedModules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;
/** OWASP's argon2id profile (m=19 MiB, t=2, p=1), about 25 ms here; runs on libuv's pool, off the event loop. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Verify against a throwaway hash when the login matches no user, so that "unknown user" costs the
 * same time as "wrong password" and response times do not reveal which logins exist.
 */
export async function burnVerifyTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('habla-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}

let common: Set<string> | undefined;
/** The shipped list of the 10,000 most common passwords (see the header of common-passwords.txt). */
export function isCommonPassword(password: string): boolean {
  if (!common) {
    const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'common-passwords.txt');
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    common = new Set(lines.filter((l) => l && !l.startsWith('#')).map((l) => l.trim().toLowerCase()));
  }
  return common.has(password.toLowerCase());
}
