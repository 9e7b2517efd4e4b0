/**
 * Tehran calendar days: the day an instant falls on and the instants a day starts and ends, as
 * epoch day numbers (calendar-days.ts) or `YYYY-MM-DD` (Gregorian notation, how the API, the
 * reports and periodic sends write a Tehran day). The database side of the same rule is
 * `(<timestamp> at time zone 'Asia/Tehran')::date` (TEHRAN_ZONE).
 */
import { DAY_MS, dayNumber, dayString } from './calendar-days.js';
import { instantOfWallTime, wallMs, wallTimeOf, TEHRAN_ZONE } from './tehran-time.js';

export { TEHRAN_ZONE };

/** The Tehran calendar day an instant falls on, as an epoch day number. */
export function tehranDay(at: Date): number {
  return Math.floor(wallMs(wallTimeOf(at)) / DAY_MS);
}

/** The Tehran calendar day an instant falls on, `YYYY-MM-DD`. */
export function tehranDayOf(at: Date): string {
  return dayString(tehranDay(at));
}

/** The instant of a Tehran wall-clock time on a day (an epoch day number). */
export function tehranTime(day: number, hour: number, minute: number, second = 0): Date {
  const d = new Date(day * DAY_MS);
  return instantOfWallTime({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour, minute, second });
}

/** The instant a Tehran day (epoch day number or `YYYY-MM-DD`) starts; NaN-dated when the text is no day. */
export function tehranDayStart(day: number | string): Date {
  const n = typeof day === 'string' ? dayNumber(day) : day;
  return Number.isNaN(n) ? new Date(Number.NaN) : tehranTime(n, 0, 0);
}

/** The last millisecond of a Tehran day: the next day's start less one (a day is 23, 24 or 25 hours). */
export function tehranDayEnd(day: number | string): Date {
  const n = typeof day === 'string' ? dayNumber(day) : day;
  return Number.isNaN(n) ? new Date(Number.NaN) : new Date(tehranTime(n + 1, 0, 0).getTime() - 1);
}
