import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** `pk_` and 32 random bytes in base64url: 256 bits, so the hash alone is a safe lookup key. */
const TOKEN = /^pk_[A-Za-z0-9_-]{43}$/;

export interface NewSecret {
  /** Shown once in the answer that creates or rotates the token, never stored. */
  secret: string;
  hash: string;
  /** Kept and listed so a customer can tell tokens apart. */
  prefix: string;
}

export function newSecret(): NewSecret {
  const secret = `pk_${randomBytes(32).toString('base64url')}`;
  return { secret, hash: hashSecret(secret), prefix: secret.slice(0, 11) };
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** A header that cannot be a token is refused before any lookup. */
export function isWellFormed(secret: string): boolean {
  return TOKEN.test(secret);
}

/**
 * The stored hash against the presented secret's, in constant time: the row was found by the hash,
 * but the comparison must not be the one place a timing difference could leak which bytes match.
 */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
