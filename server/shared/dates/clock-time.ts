import { toLatinDigits } from '../sms/phone-numbers.js';

/**
 * A time of day as people type it (`8:00`, `08:00`, `۸:۰۰`, `٨:٠٠`) → the stored `HH:mm`, or null
 * when it is no time of day. Server and client both judge send windows with it, so what the form
 * accepts the API accepts too.
 */
export function normalizeClockTime(value: string): string | null {
  const latin = toLatinDigits(value.trim());
  const m = /^(\d{1,2}):(\d{2})$/.exec(latin);
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  if (hour > 23 || minute > 59) return null;
  return `${String(hour).padStart(2, '0')}:${m[2]}`;
}

/** Whether `value` is a time of day `normalizeClockTime` accepts. */
export const isClockTime = (value: string): boolean => normalizeClockTime(value) !== null;
