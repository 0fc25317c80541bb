import crypto from 'node:crypto';

/** A random 256-bit secret, URL-safe: session tokens and reset-link tokens. */
export const newToken = (): string => crypto.randomBytes(32).toString('base64url');

/** What the database keeps instead of a token. Plain SHA-256 suffices: the input has 256 bits of entropy. */
export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');
