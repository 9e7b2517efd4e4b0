import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The header a club device signs its purchase with (lowercase, as Node names headers). */
export const CLUB_SIGNATURE_HEADER = 'x-peyk-signature';

/** How far a device's `timestamp` may be from the server's clock (replays of old posts are refused). */
export const CLUB_TIMESTAMP_TOLERANCE_MS = 5 * 60_000;

/** A new device secret: 32 random bytes, hex (shown once, stored to check signatures). */
export function newClubSecret(): string {
  return randomBytes(32).toString('hex');
}

/** Hex HMAC-SHA256 of the raw body with the device's secret. */
export function clubSignature(secret: string, body: Buffer | string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** Whether the header carries the body's signature (hex, optionally `sha256=`-prefixed), compared in constant time. */
export function clubSignatureValid(secret: string, body: Buffer, header: string | undefined): boolean {
  if (!header) return false;
  const given = header.trim().replace(/^sha256=/i, '').toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  const expected = Buffer.from(clubSignature(secret, body), 'hex');
  return timingSafeEqual(Buffer.from(given, 'hex'), expected);
}
