import { fieldError } from '../../platform/http/errors.js';
import { OPERATORS, type MobileOperator } from '../../shared/sms/operator-prefixes.js';

/**
 * Money is integer rials. Inside the server an amount is a `bigint`; in PostgreSQL a `bigint`
 * column (the drivers hand it back as a decimal string); in JSON a decimal string ("125000"), so
 * no amount ever passes through a float.
 *
 * The largest amount one operation may carry (a charge, payment, price, limit, the total of a send):
 * 10^15 rials. With balances capped at MAX_BALANCE, every sum the guarded SQL computes
 * (`balance + delta - held`, `held + amount`) stays far inside PostgreSQL's bigint (9.2 × 10^18),
 * so no money statement can fail with "bigint out of range" (which would be a 500).
 */
export const MAX_AMOUNT = 10n ** 15n;

/** The most an account's balance may reach; a credit beyond it is refused (400), never overflows. */
export const MAX_BALANCE = 10n ** 18n;

// The operator list the client's tariff form lists too lives in the shared contracts (server/shared/sms).
export { OPERATORS };
export type Operator = MobileOperator;
export type PartsPerOperator = Partial<Record<Operator, number>>;

/** JSON schema of an amount: a positive whole number of rials (or zero when `allowZero`). */
export function amountSchema(allowZero = false) {
  return {
    anyOf: [
      { type: 'integer', minimum: allowZero ? 0 : 1, maximum: Number.MAX_SAFE_INTEGER },
      { type: 'string', pattern: allowZero ? '^(0|[1-9][0-9]{0,18})$' : '^[1-9][0-9]{0,18}$' },
    ],
  } as const;
}

/** Parses an amount that passed `amountSchema` (the MAX_AMOUNT cap is checked here, with its own message). */
export function toAmount(value: unknown, propertyName: string): bigint {
  let out: bigint;
  if (typeof value === 'bigint') out = value;
  else if (typeof value === 'number' && Number.isSafeInteger(value)) out = BigInt(value);
  else if (typeof value === 'string' && /^-?[0-9]{1,19}$/.test(value)) out = BigInt(value);
  else throw fieldError(propertyName, 'billing.amountInvalid', { field: propertyName });
  if (out < 0n) throw fieldError(propertyName, 'billing.amountInvalid', { field: propertyName });
  if (out > MAX_AMOUNT) throw fieldError(propertyName, 'billing.amountTooLarge', { field: propertyName, max: Number(MAX_AMOUNT) });
  return out;
}

/** A bigint column as read from either driver (string or number). */
export function big(value: unknown): bigint {
  if (value === null || value === undefined) return 0n;
  if (typeof value === 'bigint') return value;
  return BigInt(value as string | number);
}

export const str = (value: unknown): string => big(value).toString();

/** ceil(a * num / den) for non-negative a. */
export function mulDivCeil(a: bigint, num: bigint, den: bigint): bigint {
  if (a === 0n || num === 0n) return 0n;
  return (a * num + den - 1n) / den;
}

/** A percentage as hundredths ("9" → 900, "9.5" → 950); null when it is not a 0..100 value with at most two decimals. */
export function percentHundredths(value: string): bigint | null {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) return null;
  const out = BigInt(m[1]) * 100n + BigInt((m[2] ?? '').padEnd(2, '0') || '0');
  return out > 10_000n ? null : out;
}
