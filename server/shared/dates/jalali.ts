/**
 * The Jalali (solar hijri) calendar: Jalali <-> Gregorian, month lengths, leap years, month ends.
 * The one wrapper of jalaali-js in Peyk (years -61 to 3177; its leap years follow the astronomical
 * calendar there, 1403 leap, 1404 common). Days as epoch day numbers (calendar-days.ts) for the
 * schedules, as `{year, month, day}` for the pickers.
 */
import { d2j, g2d, isLeapJalaaliYear, isValidJalaaliDate, j2d, jalaaliMonthLength, toGregorian, toJalaali } from 'jalaali-js';
import { DAY_MS } from './calendar-days.js';

export const JALALI_MIN_YEAR = -61;
export const JALALI_MAX_YEAR = 3177;

/** A calendar date in either calendar: month 1..12, day 1..31. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** A Jalali date in the short form the schedules use. */
export interface JalaliDate {
  jy: number;
  jm: number;
  jd: number;
}

/** Julian day number of 1970-01-01: epoch day 0. */
const EPOCH_JDN = 2_440_588;
const FIRST_DAY = j2d(JALALI_MIN_YEAR, 1, 1) - EPOCH_JDN;
const LAST_DAY = j2d(JALALI_MAX_YEAR, 12, jalaaliMonthLength(JALALI_MAX_YEAR, 12)) - EPOCH_JDN;

export const isJalaliYearInRange = (year: number): boolean =>
  Number.isInteger(year) && year >= JALALI_MIN_YEAR && year <= JALALI_MAX_YEAR;

export function isValidJalaliDate(date: CalendarDate): boolean {
  return isJalaliYearInRange(date.year) && isValidJalaaliDate(date.year, date.month, date.day);
}

/** 30 days in Esfand. */
export function isJalaliLeapYear(year: number): boolean {
  return isLeapJalaaliYear(year);
}

/** 31 days in the first six months, 30 in the next five, 29 or 30 (leap) in Esfand. */
export function jalaliMonthLength(year: number, month: number): number {
  return jalaaliMonthLength(year, month);
}

export function gregorianMonthLength(year: number, month: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month, 0);
  return d.getUTCDate();
}

export function isValidGregorianDate(date: CalendarDate): boolean {
  if (![date.year, date.month, date.day].every(Number.isInteger)) return false;
  if (date.month < 1 || date.month > 12 || date.day < 1) return false;
  return date.day <= gregorianMonthLength(date.year, date.month);
}

export function gregorianToJalali(date: CalendarDate): CalendarDate {
  const j = toJalaali(date.year, date.month, date.day);
  return { year: j.jy, month: j.jm, day: j.jd };
}

/** The Gregorian date of a Jalali one; RangeError when that Jalali date does not exist. */
export function jalaliToGregorian(date: CalendarDate): CalendarDate {
  if (!isValidJalaliDate(date)) throw new RangeError(`Invalid Jalali date ${date.year}/${date.month}/${date.day}`);
  const g = toGregorian(date.year, date.month, date.day);
  return { year: g.gy, month: g.gm, day: g.gd };
}

/** Whether an epoch day number has a Jalali date here (Gregorian 560 to 3798); the converters throw outside. */
export function hasJalaliDate(day: number): boolean {
  return Number.isInteger(day) && day >= FIRST_DAY && day <= LAST_DAY;
}

/** The Jalali date of an epoch day number. */
export function toJalali(day: number): JalaliDate {
  return d2j(day + EPOCH_JDN);
}

/** The epoch day number of a Jalali date; an Error when that date does not exist. */
export function fromJalali(date: JalaliDate): number {
  if (!isJalaliYearInRange(date.jy) || !isValidJalaaliDate(date.jy, date.jm, date.jd)) throw new Error(`no such Jalali date ${date.jy}/${date.jm}/${date.jd}`);
  return j2d(date.jy, date.jm, date.jd) - EPOCH_JDN;
}

/** The epoch day number of a Gregorian date. */
export function gregorianDay(date: CalendarDate): number {
  return g2d(date.year, date.month, date.day) - EPOCH_JDN;
}

/** The last day of a Jalali month as an epoch day number (Esfand: 29 or 30). */
export function jalaliMonthEnd(year: number, month: number): number {
  return fromJalali({ jy: year, jm: month, jd: jalaliMonthLength(year, month) });
}

/** `YYYY/MM/DD`, Latin digits: how a Persian reader expects a solar day in a message. */
export function jalaliText(date: JalaliDate): string {
  const two = (n: number) => (n < 10 ? `0${n}` : String(n));
  return `${date.jy}/${two(date.jm)}/${two(date.jd)}`;
}
