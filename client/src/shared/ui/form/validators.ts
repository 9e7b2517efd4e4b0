/**
 * Generic field validators (spec section 5). Each returns null when the value is fine, or a
 * ValidationMessage whose key is a fully qualified i18n key (`ui:validation.*`) plus values for
 * interpolation: `t(message.key, message.values)`. Apart from `required`, empty values pass.
 */
import { dateKey, toInstant, utcToZonedGregorian, TEHRAN_TIME_ZONE, type DateInput } from '../../dates/jalali';
import { toLatinDigits } from './to-latin-digits';

export interface ValidationMessage {
  key: string;
  values?: Record<string, string | number>;
}

export type Validator<T = unknown> = (value: T) => ValidationMessage | null;

export const VALIDATION_KEYS = {
  required: 'ui:validation.required',
  minLength: 'ui:validation.minLength',
  maxLength: 'ui:validation.maxLength',
  minValue: 'ui:validation.minValue',
  maxValue: 'ui:validation.maxValue',
  number: 'ui:validation.number',
  mobile: 'ui:validation.mobile',
  email: 'ui:validation.email',
  passwordPolicy: 'ui:validation.passwordPolicy',
  passwordMismatch: 'ui:validation.passwordMismatch',
  fileExtension: 'ui:validation.fileExtension',
  fileSize: 'ui:validation.fileSize',
  fileCount: 'ui:validation.fileCount',
  invalidDate: 'ui:validation.invalidDate',
  endAfterStart: 'ui:validation.endAfterStart',
  todayOrLater: 'ui:validation.todayOrLater',
} as const;

export const PASSWORD_MIN_LENGTH = 8;

const message = (key: string, values?: Record<string, string | number>): ValidationMessage =>
  values ? { key, values } : { key };

/** null, undefined, '' / blank strings and empty arrays count as empty. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

const lengthOf = (value: unknown): number =>
  Array.isArray(value) ? value.length : String(value).length;

export const required = (): Validator => (value) =>
  isEmptyValue(value) || value === false ? message(VALIDATION_KEYS.required) : null;

export const minLength = (min: number): Validator => (value) =>
  isEmptyValue(value) || lengthOf(value) >= min ? null : message(VALIDATION_KEYS.minLength, { min });

export const maxLength = (max: number): Validator => (value) =>
  isEmptyValue(value) || lengthOf(value) <= max ? null : message(VALIDATION_KEYS.maxLength, { max });

/** Parses numbers given as numbers or strings (Persian/Arabic digits accepted); NaN when not numeric. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return Number.NaN;
  const text = toLatinDigits(value).trim().replace(/[,\u066c]/g, '').replace('\u066b', '.');
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
}

export const numeric = (): Validator => (value) =>
  isEmptyValue(value) || !Number.isNaN(toNumber(value)) ? null : message(VALIDATION_KEYS.number);

export const minValue = (min: number): Validator => (value) => {
  if (isEmptyValue(value)) return null;
  const n = toNumber(value);
  if (Number.isNaN(n)) return message(VALIDATION_KEYS.number);
  return n >= min ? null : message(VALIDATION_KEYS.minValue, { min });
};

export const maxValue = (max: number): Validator => (value) => {
  if (isEmptyValue(value)) return null;
  const n = toNumber(value);
  if (Number.isNaN(n)) return message(VALIDATION_KEYS.number);
  return n <= max ? null : message(VALIDATION_KEYS.maxValue, { max });
};

const MOBILE_PATTERN = /^(?:\+98|0098|98|0)?(9\d{9})$/;

/** Removes spaces, dashes, dots and brackets and converts digits to Latin. */
const compactPhone = (value: string): string => toLatinDigits(value).replace(/[\s\-().\u200c]/g, '');

/** Iranian mobile forms 09…, 9…, +989…, 989…, 00989… (Persian digits and separators accepted). */
export function isIranianMobile(value: string): boolean {
  return MOBILE_PATTERN.test(compactPhone(value));
}

/** The number in the 98… form ('989121234567'), or null when it is not an Iranian mobile. */
export function normalizeIranianMobile(value: string): string | null {
  const match = MOBILE_PATTERN.exec(compactPhone(value));
  return match ? `98${match[1]}` : null;
}

export const mobile = (): Validator => (value) =>
  isEmptyValue(value) || (typeof value === 'string' && isIranianMobile(value)) ? null : message(VALIDATION_KEYS.mobile);

const EMAIL_PATTERN = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isEmail(value: string): boolean {
  const text = value.trim();
  return text.length <= 254 && EMAIL_PATTERN.test(text) && !text.includes('..');
}

export const email = (): Validator => (value) =>
  isEmptyValue(value) || (typeof value === 'string' && isEmail(value)) ? null : message(VALIDATION_KEYS.email);

export interface PasswordChecks {
  length: boolean;
  digit: boolean;
  upper: boolean;
  lower: boolean;
  special: boolean;
}

/** Which parts of the policy (min 8, digit, A-Z, a-z, a special character) a password meets. */
export function passwordChecks(value: string, min: number = PASSWORD_MIN_LENGTH): PasswordChecks {
  return {
    length: value.length >= min,
    digit: /[0-9]/.test(value),
    upper: /[A-Z]/.test(value),
    lower: /[a-z]/.test(value),
    special: /[^A-Za-z0-9\s]/.test(value),
  };
}

export const isStrongPassword = (value: string, min: number = PASSWORD_MIN_LENGTH): boolean =>
  Object.values(passwordChecks(value, min)).every(Boolean);

export const passwordPolicy = (min: number = PASSWORD_MIN_LENGTH): Validator => (value) =>
  isEmptyValue(value) || (typeof value === 'string' && isStrongPassword(value, min))
    ? null
    : message(VALIDATION_KEYS.passwordPolicy, { min });

/** The repeat must equal the password: 'Password and repassword doesnt match!'. */
export const matches = (getOther: () => unknown): Validator => (value) =>
  isEmptyValue(value) || value === getOther() ? null : message(VALIDATION_KEYS.passwordMismatch);

const fileExtensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

export interface FileLike {
  name: string;
  size: number;
}

const asFiles = (value: unknown): FileLike[] =>
  isEmptyValue(value) ? [] : ((Array.isArray(value) ? value : [value]) as FileLike[]);

export const fileExtension = (allowed: readonly string[]): Validator => (value) => {
  const list = allowed.map((e) => e.replace(/^\./, '').toLowerCase());
  return asFiles(value).every((f) => list.includes(fileExtensionOf(f.name)))
    ? null
    : message(VALIDATION_KEYS.fileExtension, { extensions: list.join(', ') });
};

/** maxLabel is what the message shows (e.g. '1 MB'). */
export const maxFileSize = (maxBytes: number, maxLabel: string): Validator => (value) =>
  asFiles(value).every((f) => f.size <= maxBytes) ? null : message(VALIDATION_KEYS.fileSize, { max: maxLabel });

export const maxFileCount = (max: number): Validator => (value) =>
  asFiles(value).length <= max ? null : message(VALIDATION_KEYS.fileCount, { max });

export const validDate = (): Validator => (value) =>
  isEmptyValue(value) || toInstant(value as DateInput) ? null : message(VALIDATION_KEYS.invalidDate);

/** The end (this value) must be strictly after the start; passes while either is empty. */
export const endAfterStart = (getStart: () => DateInput | null | undefined): Validator => (value) => {
  if (isEmptyValue(value)) return null;
  const end = toInstant(value as DateInput);
  if (!end) return message(VALIDATION_KEYS.invalidDate);
  const start = toInstant(getStart());
  if (!start) return null;
  return end.getTime() > start.getTime() ? null : message(VALIDATION_KEYS.endAfterStart);
};

/** The date (this value) must fall on today or later, days counted in Tehran. */
export const todayOrLater = (
  now: () => DateInput = () => Date.now(),
  timeZone: string = TEHRAN_TIME_ZONE,
): Validator => (value) => {
  if (isEmptyValue(value)) return null;
  const date = toInstant(value as DateInput);
  if (!date) return message(VALIDATION_KEYS.invalidDate);
  const day = dateKey(utcToZonedGregorian(date, timeZone));
  const today = dateKey(utcToZonedGregorian(now(), timeZone));
  return day >= today ? null : message(VALIDATION_KEYS.todayOrLater);
};

/** Runs validators in order; the first message wins. */
export const compose = <T = unknown>(...validators: Validator<T>[]): Validator<T> => (value) => {
  for (const validate of validators) {
    const result = validate(value);
    if (result) return result;
  }
  return null;
};

/** Validates a record of values against a record of validators; only failing fields appear. */
export function validateAll<K extends string>(
  values: Record<K, unknown>,
  rules: Partial<Record<K, Validator>>,
): Partial<Record<K, ValidationMessage>> {
  const errors: Partial<Record<K, ValidationMessage>> = {};
  for (const key of Object.keys(rules) as K[]) {
    const result = rules[key]?.(values[key]);
    if (result) errors[key] = result;
  }
  return errors;
}
