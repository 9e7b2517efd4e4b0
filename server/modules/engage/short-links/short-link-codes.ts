import { randomBytes } from 'node:crypto';

/**
 * Every code has this many characters, so a personal link has the same length for every receiver
 * and a send's parts and price are known before the codes are drawn.
 */
export const SHORT_CODE_LENGTH = 8;

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const CODE_PATTERN = new RegExp(`^[0-9A-Za-z]{${SHORT_CODE_LENGTH}}$`);

/** A random code of SHORT_CODE_LENGTH base-62 characters (62^8 ≈ 2.2e14: guessing one is hopeless). */
export function newShortCode(): string {
  // 248 = 4 × 62: bytes at or above it are dropped so every character is equally likely.
  let code = '';
  while (code.length < SHORT_CODE_LENGTH) {
    for (const b of randomBytes(SHORT_CODE_LENGTH * 2)) {
      if (b < 248 && code.length < SHORT_CODE_LENGTH) code += ALPHABET[b % 62];
    }
  }
  return code;
}

/** Whether a path segment can be a code at all (the redirect answers 404 without a lookup otherwise). */
export function isShortCode(value: string): boolean {
  return CODE_PATTERN.test(value);
}
