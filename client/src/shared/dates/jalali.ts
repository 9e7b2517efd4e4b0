/**
 * Jalali (solar hijri) dates in Tehran time for the panel: display, month grids, typed input.
 * The wall-time and calendar arithmetic is server/shared/dates (the one copy the server uses too),
 * re-exported here under the names the client always used.
 * Pure: no React, no i18next; texts come from the typed ui resource.
 */
import {
  gregorianMonthLength, gregorianToJalali, isJalaliYearInRange, isValidGregorianDate, isValidJalaliDate,
  jalaliMonthLength, jalaliToGregorian, JALALI_MAX_YEAR, JALALI_MIN_YEAR, type CalendarDate,
} from '../../../../server/shared/dates/jalali';
import { tehranDayOf } from '../../../../server/shared/dates/tehran-days';
import { instantOfWallTime, wallTimeOf, zoneOffsetMs, TEHRAN_ZONE, type WallTime } from '../../../../server/shared/dates/tehran-time';
import { toLatinDigits, toPersianDigits } from '../ui/form/to-latin-digits';
import { uiTextsByLanguage, type UiTexts } from '../ui/ui.i18n';

export { toLatinDigits, toPersianDigits };
export {
  gregorianMonthLength, gregorianToJalali, isJalaliYearInRange, isValidGregorianDate, isValidJalaliDate,
  jalaliMonthLength, jalaliToGregorian, JALALI_MAX_YEAR, JALALI_MIN_YEAR, type CalendarDate,
};

export const TEHRAN_TIME_ZONE = TEHRAN_ZONE;
/** The Tehran day (`YYYY-MM-DD`, the API's day) an instant falls on. */
export { tehranDayOf };

export type CalendarKind = 'solar' | 'gregorian' | 'lunar';
export const CALENDAR_KINDS: readonly CalendarKind[] = ['solar', 'gregorian', 'lunar'];

export type DateTimeParts = WallTime;

export interface ZonedDateTime extends DateTimeParts {
  /** Day of the week with the week starting on Saturday: 0 = Saturday … 6 = Friday. */
  weekday: number;
}

export type DateInput = string | number | Date;

const isPersianLanguage = (language: string): boolean => language.toLowerCase().includes('fa');
export const textsFor = (language: string): UiTexts =>
  isPersianLanguage(language) ? uiTextsByLanguage.fa : uiTextsByLanguage.en;

export const PERSIAN_MONTH_NAMES: readonly string[] = uiTextsByLanguage.fa.dates.solarMonths;
export const ENGLISH_JALALI_MONTH_NAMES: readonly string[] = uiTextsByLanguage.en.dates.solarMonths;

/** Parses an ISO string, epoch milliseconds or a Date; null when missing or invalid. */
export function toInstant(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Day of week, Saturday = 0, for a Gregorian calendar date. */
export function weekdayFromSaturday(date: CalendarDate): number {
  const d = new Date(0);
  d.setUTCFullYear(date.year, date.month - 1, date.day);
  return (d.getUTCDay() + 1) % 7;
}

/** Wall-clock Gregorian date and time of an instant in a time zone. */
export function utcToZonedGregorian(instant: DateInput, timeZone: string = TEHRAN_TIME_ZONE): ZonedDateTime {
  const date = toInstant(instant);
  if (!date) throw new RangeError('Invalid date');
  const result = wallTimeOf(date, timeZone);
  return { ...result, weekday: weekdayFromSaturday(result) };
}

/** Offset of the time zone from UTC at that instant, in milliseconds (whole seconds; LMT has seconds). */
export function timeZoneOffsetMs(instant: DateInput, timeZone: string = TEHRAN_TIME_ZONE): number {
  const date = toInstant(instant);
  if (!date) throw new RangeError('Invalid date');
  return zoneOffsetMs(date, timeZone);
}

/** Offset of the time zone from UTC at that instant, in minutes (Tehran: 210, or 270 in old summers). */
export function timeZoneOffsetMinutes(instant: DateInput, timeZone: string = TEHRAN_TIME_ZONE): number {
  return Math.round(timeZoneOffsetMs(instant, timeZone) / 60000);
}

/** The UTC instant of a wall-clock Gregorian date/time in a time zone (DST gaps resolve forward). */
export function zonedGregorianToUtc(
  parts: CalendarDate & Partial<DateTimeParts>,
  timeZone: string = TEHRAN_TIME_ZONE,
): Date {
  return instantOfWallTime(parts, timeZone);
}

/** Jalali date and wall-clock time of a UTC instant in Tehran (or another zone). */
export function utcToJalali(instant: DateInput, timeZone: string = TEHRAN_TIME_ZONE): ZonedDateTime {
  const g = utcToZonedGregorian(instant, timeZone);
  return { ...g, ...gregorianToJalali(g) };
}

/** UTC instant of a Jalali date and wall-clock time in Tehran (or another zone). */
export function jalaliToUtc(
  parts: CalendarDate & Partial<DateTimeParts>,
  timeZone: string = TEHRAN_TIME_ZONE,
): Date {
  const g = jalaliToGregorian(parts);
  return zonedGregorianToUtc({ ...parts, ...g }, timeZone);
}

/** A UTC ISO string ('…Z'); null for missing or invalid input. */
export function toUtcIso(value: DateInput | null | undefined): string | null {
  const date = toInstant(value);
  return date ? date.toISOString() : null;
}

const pad = (n: number, width = 2): string => {
  const s = String(Math.abs(n)).padStart(width, '0');
  return n < 0 ? `-${s}` : s;
};

export interface FormatOptions {
  /** Include hours and minutes (default true). */
  withTime?: boolean;
  withSeconds?: boolean;
  timeZone?: string;
}

/** 'YYYY/MM/DD HH:mm' from parts, digits Latin. */
export function formatParts(p: DateTimeParts, separator: string, options: FormatOptions = {}): string {
  const date = `${pad(p.year, 4)}${separator}${pad(p.month)}${separator}${pad(p.day)}`;
  if (options.withTime === false) return date;
  const time = `${pad(p.hour)}:${pad(p.minute)}${options.withSeconds ? `:${pad(p.second)}` : ''}`;
  return `${date} ${time}`;
}

/**
 * Formats a UTC instant for display. fa ⇒ Jalali in Tehran time with Persian digits
 * ('۱۴۰۵/۰۹/۰۱ ۱۲:۳۰'); other languages ⇒ Gregorian in Tehran time ('2026-11-22 12:30').
 * Missing or invalid input gives ''.
 */
export function formatDateTime(
  isoUtc: DateInput | null | undefined,
  language: string,
  options: FormatOptions = {},
): string {
  const date = toInstant(isoUtc);
  if (!date) return '';
  const timeZone = options.timeZone ?? TEHRAN_TIME_ZONE;
  if (isPersianLanguage(language)) return toPersianDigits(formatParts(utcToJalali(date, timeZone), '/', options));
  return formatParts(utcToZonedGregorian(date, timeZone), '-', options);
}

export const formatDate = (isoUtc: DateInput | null | undefined, language: string, timeZone?: string): string =>
  formatDateTime(isoUtc, language, { withTime: false, timeZone });

/** Lunar (islamic) calendar display through Intl. */
export function formatLunarDate(
  isoUtc: DateInput | null | undefined,
  language: string,
  timeZone: string = TEHRAN_TIME_ZONE,
): string {
  const date = toInstant(isoUtc);
  if (!date) return '';
  const locale = isPersianLanguage(language) ? 'fa-u-ca-islamic' : 'en-US-u-ca-islamic';
  return new Intl.DateTimeFormat(locale, { timeZone, year: 'numeric', month: 'long', day: 'numeric' }).format(date);
}

/** Day of the lunar month (1..30) of a Gregorian calendar day, through Intl. */
export function lunarDayOfMonth(date: CalendarDate): number {
  const noon = new Date(0);
  noon.setUTCFullYear(date.year, date.month - 1, date.day);
  noon.setUTCHours(12);
  const text = new Intl.DateTimeFormat('en-US-u-ca-islamic', { timeZone: 'UTC', day: 'numeric' }).format(noon);
  return Number(toLatinDigits(text).replace(/[^0-9]/g, ''));
}

export function monthNames(calendar: 'solar' | 'gregorian', language: string): readonly string[] {
  const texts = textsFor(language).dates;
  return calendar === 'solar' ? texts.solarMonths : texts.gregorianMonths;
}

export function localizeDigits(value: string | number, language: string): string {
  return isPersianLanguage(language) ? toPersianDigits(value) : toLatinDigits(String(value));
}

/* ---------- time ago ---------- */

export type TimeAgoUnit = 'moments' | 'minutes' | 'hours' | 'days' | 'months' | 'years';

export interface TimeAgo {
  unit: TimeAgoUnit;
  count: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Buckets: < 1 min moments; < 1 h minutes; < 1 day hours; < 30 days days; < 365 days months; else years. */
export function timeAgoBucket(instant: DateInput, now: DateInput = Date.now()): TimeAgo {
  const then = toInstant(instant);
  const current = toInstant(now);
  if (!then || !current) throw new RangeError('Invalid date');
  const diff = Math.max(0, current.getTime() - then.getTime());
  if (diff < MINUTE) return { unit: 'moments', count: 0 };
  if (diff < HOUR) return { unit: 'minutes', count: Math.floor(diff / MINUTE) };
  if (diff < DAY) return { unit: 'hours', count: Math.floor(diff / HOUR) };
  const days = Math.floor(diff / DAY);
  if (days < 30) return { unit: 'days', count: days };
  if (days < 365) return { unit: 'months', count: Math.min(11, Math.floor(days / 30)) };
  return { unit: 'years', count: Math.floor(days / 365) };
}

/** 'لحظاتی پیش', '۵ دقیقه پیش', '1 hour ago', '3 days ago', … ('' for invalid input). */
export function formatTimeAgo(instant: DateInput | null | undefined, language: string, now: DateInput = Date.now()): string {
  if (!toInstant(instant) || !toInstant(now)) return '';
  const { unit, count } = timeAgoBucket(instant as DateInput, now);
  const table = textsFor(language).dates.timeAgo as Record<string, string>;
  if (unit === 'moments') return table.moments;
  const fa = isPersianLanguage(language);
  const rule = new Intl.PluralRules(fa ? 'fa' : 'en-US').select(count);
  const template = table[`${unit}_${rule}`] ?? table[`${unit}_other`];
  return template.replace('{{count}}', fa ? toPersianDigits(count) : String(count));
}

/* ---------- month grids (week starts on Saturday) ---------- */

export interface CalendarCell {
  /** The day in the grid's calendar (solar or Gregorian). */
  date: CalendarDate;
  /** The same day in the Gregorian calendar (the wall-clock day in Tehran). */
  gregorian: CalendarDate;
  /** False for the leading/trailing days of neighbouring months. */
  inMonth: boolean;
  /** 0 = Saturday … 6 = Friday. */
  weekday: number;
}

export type GridCalendar = 'solar' | 'gregorian';

export function toGridDate(calendar: GridCalendar, gregorian: CalendarDate): CalendarDate {
  return calendar === 'solar' ? gregorianToJalali(gregorian) : { ...gregorian };
}

export function fromGridDate(calendar: GridCalendar, date: CalendarDate): CalendarDate {
  return calendar === 'solar' ? jalaliToGregorian(date) : { ...date };
}

export function monthLength(calendar: GridCalendar, year: number, month: number): number {
  return calendar === 'solar' ? jalaliMonthLength(year, month) : gregorianMonthLength(year, month);
}

/** Adds days to a Gregorian calendar date. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const d = new Date(0);
  d.setUTCFullYear(date.year, date.month - 1, date.day + days);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Adds months to a year/month pair (calendar independent: both have 12 months). */
export function addMonths(ym: { year: number; month: number }, delta: number): { year: number; month: number } {
  const index = ym.year * 12 + (ym.month - 1) + delta;
  return { year: Math.floor(index / 12), month: (((index % 12) + 12) % 12) + 1 };
}

/** Weeks (rows of 7, Saturday first) covering a month of the solar or Gregorian calendar. */
export function buildMonthGrid(calendar: GridCalendar, year: number, month: number): CalendarCell[][] {
  const firstGregorian = fromGridDate(calendar, { year, month, day: 1 });
  const lead = weekdayFromSaturday(firstGregorian);
  const length = monthLength(calendar, year, month);
  const cells = Math.ceil((lead + length) / 7) * 7;
  const weeks: CalendarCell[][] = [];
  for (let i = 0; i < cells; i++) {
    const gregorian = addDays(firstGregorian, i - lead);
    const date = toGridDate(calendar, gregorian);
    const cell: CalendarCell = {
      date,
      gregorian,
      inMonth: date.year === year && date.month === month,
      weekday: i % 7,
    };
    if (i % 7 === 0) weeks.push([]);
    weeks[weeks.length - 1].push(cell);
  }
  return weeks;
}

export const sameDate = (a: CalendarDate | null | undefined, b: CalendarDate | null | undefined): boolean =>
  !!a && !!b && a.year === b.year && a.month === b.month && a.day === b.day;

/** Comparable number for a calendar date (yyyymmdd). */
export const dateKey = (d: CalendarDate): number => d.year * 10000 + d.month * 100 + d.day;

/* ---------- typed input ---------- */

/**
 * Parses 'YYYY/MM/DD', 'YYYY-MM-DD' or either followed by 'HH:mm' or 'HH:mm:ss' (Persian or Arabic
 * digits accepted) as a wall-clock time in the given calendar and zone. Null when invalid.
 */
export function parseDateTimeInput(
  text: string,
  calendar: GridCalendar,
  timeZone: string = TEHRAN_TIME_ZONE,
): Date | null {
  const latin = toLatinDigits(text).trim();
  const match = /^(-?\d{1,4})[/\-.](\d{1,2})[/\-.](\d{1,2})(?:[\sT]+(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?$/.exec(latin);
  if (!match) return null;
  const date: CalendarDate = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const hour = Number(match[4] ?? 0);
  const minute = Number(match[5] ?? 0);
  const second = Number(match[6] ?? 0);
  if (hour > 23 || minute > 59 || second > 59) return null;
  if (calendar === 'solar') {
    if (!isValidJalaliDate(date)) return null;
    return jalaliToUtc({ ...date, hour, minute, second }, timeZone);
  }
  if (!isValidGregorianDate(date)) return null;
  return zonedGregorianToUtc({ ...date, hour, minute, second }, timeZone);
}
