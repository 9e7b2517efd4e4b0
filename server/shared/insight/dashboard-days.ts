/**
 * The days of the dashboard and of the outbox's daily statistics: Tehran calendar days written
 * `YYYY-MM-DD` (Gregorian notation, as periodic sends write theirs). The browser turns a Jalali
 * pick into such a day and back; the server buckets sends and ledger entries by the same day
 * (`(createdAt at time zone 'Asia/Tehran')::date`). Imports only other shared files (dates/): the
 * browser bundle reads this file.
 */
import { dayNumber, dayString } from '../dates/calendar-days.js';
import { tehranDayOf, TEHRAN_ZONE } from '../dates/tehran-days.js';

export { tehranDayOf, TEHRAN_ZONE };
/** The spec: dashboard statistics span the last ten days (today included). */
export const DEFAULT_RANGE_DAYS = 10;
/** Like the outbox search: a range of at most 90 days. */
export const MAX_RANGE_DAYS = 90;


export function isDay(value: string): boolean {
  return !Number.isNaN(dayNumber(value));
}

export { dayNumber };
export const dayOfNumber = dayString;

export function addDays(day: string, n: number): string {
  return dayOfNumber(dayNumber(day) + n);
}

/** Every day from `from` to `to`, both included (empty when `to` is before `from`). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let n = dayNumber(from); n <= dayNumber(to); n += 1) out.push(dayOfNumber(n));
  return out;
}

export interface DayRange {
  fromDate: string;
  toDate: string;
}

/** The last `days` Tehran days, today included. */
export function lastDays(now: Date, days: number = DEFAULT_RANGE_DAYS): DayRange {
  const toDate = tehranDayOf(now);
  return { fromDate: addDays(toDate, -(days - 1)), toDate };
}

export type RangeProblem = 'invalidDay' | 'endBeforeStart' | 'tooLong';

/**
 * The range a request asks for: both ends default (to today, from nine days before `toDate`), a
 * missing end is filled the same way, and a range is at most MAX_RANGE_DAYS days long.
 */
export function resolveRange(input: { fromDate?: string; toDate?: string }, now: Date, maxDays: number = MAX_RANGE_DAYS): { range: DayRange } | { problem: RangeProblem; field: 'fromDate' | 'toDate' } {
  if (input.fromDate !== undefined && !isDay(input.fromDate)) return { problem: 'invalidDay', field: 'fromDate' };
  if (input.toDate !== undefined && !isDay(input.toDate)) return { problem: 'invalidDay', field: 'toDate' };
  const toDate = input.toDate ?? (input.fromDate !== undefined
    ? dayOfNumber(Math.min(dayNumber(input.fromDate) + DEFAULT_RANGE_DAYS - 1, dayNumber(tehranDayOf(now))))
    : tehranDayOf(now));
  const fromDate = input.fromDate ?? addDays(toDate, -(DEFAULT_RANGE_DAYS - 1));
  const span = dayNumber(toDate) - dayNumber(fromDate) + 1;
  if (span < 1) return { problem: 'endBeforeStart', field: 'toDate' };
  if (span > maxDays) return { problem: 'tooLong', field: 'toDate' };
  return { range: { fromDate, toDate } };
}
