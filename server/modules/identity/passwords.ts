import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost when none is configured (config `auth.passwordHashCost`). */
export const DEFAULT_HASH_COST = 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;

function scryptAsync(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));
}

/** scrypt with a per-password salt; the parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string, cost = DEFAULT_HASH_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEYLEN, { N: cost, r: R, p: P });
  return `scrypt$${cost}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** A hash no password matches, at this cost: sign-in verifies against it when the user is unknown. */
export function unmatchableHash(cost = DEFAULT_HASH_COST): string {
  return `scrypt$${cost}$${R}$${P}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(KEYLEN).toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, keyB64] = parts;
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scryptAsync(password, Buffer.from(saltB64, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

export interface PasswordPolicyFailure {
  key: 'password.tooShort' | 'password.tooLong' | 'password.policy';
  params?: Record<string, unknown>;
}

/** Digits, upper- and lower-case Latin letters and a special character, at least minLength long. */
export function checkPasswordPolicy(password: string, minLength: number): PasswordPolicyFailure | null {
  if (password.length < minLength) return { key: 'password.tooShort', params: { limit: minLength } };
  if (password.length > 128) return { key: 'password.tooLong', params: { limit: 128 } };
  if (!/[0-9]/.test(password) || !/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/[^A-Za-z0-9]/.test(password)) {
    return { key: 'password.policy' };
  }
  return null;
}

/** A password that satisfies the policy, for the first administrator when none is configured. */
export function generatePassword(): string {
  const body = randomBytes(9).toString('base64url').replace(/[-_]/g, 'x');
  return `Pk${body}9!`;
}
