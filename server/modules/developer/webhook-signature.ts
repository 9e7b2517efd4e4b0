import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** `whsec_` and 32 random bytes in base64url: the HMAC key of one webhook, shown once. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * What is signed: the unix time in seconds, a dot, then the request's body (POST) or its whole
 * query string exactly as sent, without the `?` (GET). Binding the time in stops a captured
 * request being replayed later than the receiver's tolerance.
 */
export function signedContent(timestamp: number, bodyOrQuery: string): string {
  return `${timestamp}.${bodyOrQuery}`;
}

/** Hex HMAC-SHA256 with the webhook's secret (the `x-peyk-signature` header). */
export function webhookSignature(secret: string, timestamp: number, bodyOrQuery: string): string {
  return createHmac('sha256', secret).update(signedContent(timestamp, bodyOrQuery), 'utf8').digest('hex');
}

/** A receiver's check, as CONTEXT.md describes it (constant-time, with a tolerance on the time). */
export function verifyWebhookSignature(secret: string, timestamp: string, bodyOrQuery: string, signature: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const ts = Number(timestamp);
  if (!Number.isInteger(ts) || Math.abs(nowSeconds - ts) > toleranceSeconds) return false;
  const expected = Buffer.from(webhookSignature(secret, ts, bodyOrQuery), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Exponential back-off with jitter: about base·2^(attempt−1), ±25 %, never above an hour. */
export function retryDelayMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const plain = Math.min(3_600_000, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(plain * (0.75 + random() * 0.5));
}
