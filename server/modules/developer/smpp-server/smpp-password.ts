import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * SMPP bind passwords (at most 8 characters in SMPP 3.4) stored as `sha256$salt$hash`. Not scrypt:
 * a bind storm would make every attempt cost tens of milliseconds of CPU, and a slow hash adds
 * little to an 8-character secret; brute force is held off by the per-address failure counter
 * (smpp-server.ts) instead.
 */
export function hashSmppPassword(password: string): string {
  const salt = randomBytes(16).toString('base64');
  return `sha256$${salt}$${digest(salt, password)}`;
}

export function smppPasswordMatches(password: string, stored: string): boolean {
  const [kind, salt, hash] = stored.split('$');
  if (kind !== 'sha256' || !salt || !hash) return false;
  const a = Buffer.from(digest(salt, password), 'base64');
  const b = Buffer.from(hash, 'base64');
  return a.length === b.length && timingSafeEqual(a, b);
}

function digest(salt: string, password: string): string {
  return createHash('sha256').update(salt).update('\u0000').update(password, 'utf8').digest('base64');
}
