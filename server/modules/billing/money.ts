import { fieldError } from '../../platform/http/errors.js';

/**
 * Money is integer rials. Inside the server an amount is a `bigint`; in PostgreSQL a `bigint`
 * column (the drivers hand it back as a decimal string); in JSON a decimal string ("125000"), so
 * no amount ever passes through a float. Inputs accept a JSON integer up to 2^53-1 or a decimal
 * string up to the bigint maximum.
 */
export const MAX_AMOUNT = 9223372036854775807n;

export const OPERATORS = ['mci', 'irancell', 'rightel', 'other', 'international'] as const;
export type Operator = (typeof OPERATORS)[number];
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

/** Parses an amount that passed `amountSchema` (the bigint ceiling is checked here). */
export function toAmount(value: unknown, propertyName: string): bigint {
  let out: bigint;
  if (typeof value === 'bigint') out = value;
  else if (typeof value === 'number' && Number.isSafeInteger(value)) out = BigInt(value);
  else if (typeof value === 'string' && /^-?[0-9]{1,19}$/.test(value)) out = BigInt(value);
  else throw fieldError(propertyName, 'billing.amountInvalid', { field: propertyName });
  if (out < 0n) throw fieldError(propertyName, 'billing.amountInvalid', { field: propertyName });
  if (out > MAX_AMOUNT) throw fieldError(propertyName, 'billing.amountTooLarge', { field: propertyName });
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
