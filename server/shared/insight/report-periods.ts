/**
 * The periods of a report (insight, "Reports"): Tehran days, or Jalali months cut to the range.
 * Shared with the browser, which labels the periods: imports only other shared files.
 */
import { dayNumber } from '../dates/calendar-days.js';
import { toJalali } from '../dates/jalali.js';
import { daysBetween, type DayRange } from './dashboard-days.js';

export const REPORT_GROUPINGS = ['day', 'month'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/**
 * A report spans at most 366 days: a whole Jalali (or Gregorian) year in one answer, by month, and
 * at most 366 rows by day. The rollup reads a year of an organization's daily rows in milliseconds.
 */
export const REPORT_MAX_RANGE_DAYS = 366;

export interface ReportPeriod {
  /** `YYYY-MM-DD` (a Tehran day) or `YYYY-MM` (a Jalali year and month, Latin digits). */
  period: string;
  fromDate: string;
  toDate: string;
}

/** The period a Tehran day falls in. */
export function periodOf(day: string, grouping: ReportGrouping): string {
  if (grouping === 'day') return day;
  const j = toJalali(dayNumber(day));
  return `${j.jy}-${j.jm < 10 ? '0' : ''}${j.jm}`;
}

/** Every period of the range in order, each with the days of the range it holds (the first and last cut). */
export function reportPeriods(range: DayRange, grouping: ReportGrouping): ReportPeriod[] {
  const out: ReportPeriod[] = [];
  for (const day of daysBetween(range.fromDate, range.toDate)) {
    const period = periodOf(day, grouping);
    const last = out.at(-1);
    if (last && last.period === period) last.toDate = day;
    else out.push({ period, fromDate: day, toDate: day });
  }
  return out;
}
