/**
 * When an occasion is due. Pure: the runner and the unit tests call it with explicit days.
 *
 * Days are epoch day numbers of Tehran calendar days (`tehranDay`); the calendar is the Jalali
 * one, so month ends (31 days in the first six months, 30 in the next five, 29 or 30 in Esfand) come
 * from Jalali arithmetic, never from the Gregorian calendar.
 */
import { dayNumber, DAY_MS } from '../../shared/dates/calendar-days.js';
import { fromJalali, hasJalaliDate, jalaliMonthLength, toJalali, type JalaliDate } from '../../shared/dates/jalali.js';
import { tehranDay } from '../../shared/dates/tehran-days.js';

export type { JalaliDate };

/** A calendar date that recurs (`year` null: every year) or happens once. */
export interface EventDate {
  year: number | null;
  month: number;
  day: number;
}

// The runner, the client-facing service and the tests read these here; the one copy is server/shared/dates.
export { fromJalali, toJalali };

/**
 * The day of month a yearly date falls on in year `jy`: the date itself, or the month's last day
 * when the month is shorter that year — Esfand 30 in a common year is Esfand 29.
 */
export function fallsOn(month: number, day: number, jy: number): number {
  return Math.min(day, jalaliMonthLength(jy, month));
}

/** Does the event fall on the (Jalali) day `target`? */
export function eventFallsOn(date: EventDate, target: JalaliDate): boolean {
  if (date.month !== target.jm) return false;
  if (date.year !== null) return date.year === target.jy && date.day === target.jd;
  return fallsOn(date.month, date.day, target.jy) === target.jd;
}

/** The due day an occasion's run on `today` looks for: `daysBefore` days ahead, in the Jalali calendar. */
export function dueDay(today: number, daysBefore: number): JalaliDate {
  return toJalali(today + daysBefore);
}

/**
 * A contact's date value as a Jalali day: `birthdate` is a calendar day `YYYY-MM-DD`; a Datetime
 * custom field is an instant, read as its Tehran day (the panel stores the instant a Tehran day
 * starts). Null when missing or unreadable.
 */
export function contactDate(value: unknown): JalaliDate | null {
  if (typeof value !== 'string' || value === '') return null;
  let day = dayNumber(value);
  if (Number.isNaN(day)) {
    const at = new Date(value);
    if (Number.isNaN(at.getTime())) return null;
    day = tehranDay(at);
  }
  // A Datetime field may hold any year 1–9999; one the Jalali converter does not reach is no date.
  return hasJalaliDate(day) ? toJalali(day) : null;
}

/**
 * Is a contact due: its date (every year unless `toConsiderYear`, then that exact day) falls on
 * the due day. A yearly Esfand 30 (born in a leap year) is greeted on Esfand 29 in common years.
 */
export function contactIsDue(value: unknown, toConsiderYear: boolean, target: JalaliDate): boolean {
  const date = contactDate(value);
  if (!date) return false;
  return eventFallsOn({ year: toConsiderYear ? date.jy : null, month: date.jm, day: date.jd }, target);
}

/** Is a Jalali date real: a yearly one any year may hold (Esfand 30 included), a dated one that year. */
export function validEventDate(date: EventDate): boolean {
  const { year, month, day } = date;
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(day) || day < 1) return false;
  if (year === null) return day <= (month <= 6 ? 31 : 30);
  if (!Number.isInteger(year) || year < 1300 || year > 1500) return false;
  return day <= jalaliMonthLength(year, month);
}

export { DAY_MS };
