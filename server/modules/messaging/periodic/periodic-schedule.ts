/**
 * When a periodic send's occurrences fall. Pure (no I/O): the service and the tests call it with
 * explicit instants; Tehran days and the Jalali calendar come from server/shared/dates.
 *
 * Rules (decided here, written in CONTEXT.md):
 * - Dates are Tehran calendar days (Asia/Tehran wall clock); `sendHour:sendMinute` is Tehran time.
 *   The offset comes from the runtime's time-zone data, so the DST Iran used until 2022 is right for
 *   old dates and every date since is +03:30.
 * - A candidate day comes from the period: Daily = every `period` days from `startDate`; Weekly =
 *   every day of every `period`-th Iranian week (Saturday first) counted from the week holding
 *   `startDate`; Monthly = the same Jalali day of month as `startDate` every `period` months, the
 *   month's last day when the month is shorter (the 31st is the 30th in Mehr, the 29th/30th in Esfand).
 * - `daysOfWeek` (Saturday = 0 … Friday = 6) filters every kind: a candidate on another weekday is
 *   skipped and does not count as an occurrence.
 * - `endDate` is inclusive; `maxOccurrences` counts occurrences already made (failed ones included).
 */
import { DAY_MS, dayNumber, dayString } from '../../../shared/dates/calendar-days.js';
import { jalaliMonthLength, toJalali } from '../../../shared/dates/jalali.js';
import { tehranDay, tehranTime } from '../../../shared/dates/tehran-days.js';

export const PERIOD_TYPES = ['Daily', 'Weekly', 'Monthly'] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];
export const ALL_DAYS: readonly number[] = [0, 1, 2, 3, 4, 5, 6];

export interface PeriodicSchedule {
  periodType: PeriodType;
  /** Every N days, weeks or months (N ≥ 1). */
  period: number;
  /** Iranian week order: Saturday = 0 … Friday = 6. */
  daysOfWeek: readonly number[];
  sendHour: number;
  sendMinute: number;
  /** YYYY-MM-DD, a Tehran calendar day (Gregorian notation). */
  startDate: string;
  endDate?: string | null;
  maxOccurrences?: number | null;
}

export interface ScheduleIssue {
  propertyName: string;
  key: string;
}

// Occasions and the tests reach these through messaging's index; the one copy is server/shared/dates.
export { dayNumber, dayString, jalaliMonthLength, tehranDay, tehranTime, toJalali };
/** How far ahead to look for a candidate (about 30 years): beyond that the schedule has none. */
const SEARCH_DAYS = 11_000;

/** Saturday = 0 … Friday = 6. */
export function iranWeekday(day: number): number {
  return (new Date(day * DAY_MS).getUTCDay() + 1) % 7;
}

function isCandidate(s: PeriodicSchedule, startDay: number, day: number): boolean {
  if (!s.daysOfWeek.includes(iranWeekday(day))) return false;
  const period = Math.max(1, Math.floor(s.period));
  switch (s.periodType) {
    case 'Daily':
      return (day - startDay) % period === 0;
    case 'Weekly': {
      const firstSaturday = startDay - iranWeekday(startDay);
      return Math.floor((day - firstSaturday) / 7) % period === 0;
    }
    case 'Monthly': {
      const a = toJalali(startDay);
      const j = toJalali(day);
      const months = (j.jy - a.jy) * 12 + (j.jm - a.jm);
      if (months % period !== 0) return false;
      return j.jd === Math.min(a.jd, jalaliMonthLength(j.jy, j.jm));
    }
    default:
      return false;
  }
}

/**
 * The first occurrence strictly after `after`, or null when the series is over (`done` occurrences
 * reached `maxOccurrences`, or no candidate is left before `endDate`).
 */
export function nextOccurrence(s: PeriodicSchedule, after: Date, done = 0): Date | null {
  if (s.maxOccurrences != null && done >= s.maxOccurrences) return null;
  const startDay = dayNumber(s.startDate);
  if (Number.isNaN(startDay)) return null;
  const endDay = s.endDate ? dayNumber(s.endDate) : Number.NaN;
  const last = Number.isNaN(endDay) ? Math.max(startDay, tehranDay(after)) + SEARCH_DAYS : endDay;
  for (let day = Math.max(startDay, tehranDay(after)); day <= last; day++) {
    if (!isCandidate(s, startDay, day)) continue;
    const at = tehranTime(day, s.sendHour, s.sendMinute);
    if (at.getTime() > after.getTime()) return at;
  }
  return null;
}

/** Up to `count` occurrences after `after` (the preview and the tests). */
export function upcomingOccurrences(s: PeriodicSchedule, after: Date, count: number, done = 0): Date[] {
  const out: Date[] = [];
  let cursor = after;
  for (let i = 0; i < count; i++) {
    const next = nextOccurrence(s, cursor, done + i);
    if (!next) break;
    out.push(next);
    cursor = next;
  }
  return out;
}

/** What is wrong with a schedule, as field issues with message keys. */
export function scheduleIssues(s: PeriodicSchedule): ScheduleIssue[] {
  const issues: ScheduleIssue[] = [];
  const days = s.daysOfWeek ?? [];
  if (days.length === 0 || days.some((d) => !Number.isInteger(d) || d < 0 || d > 6)) issues.push({ propertyName: 'daysOfWeek', key: 'messaging.periodicNoDay' });
  if (!Number.isInteger(s.sendHour) || s.sendHour < 0 || s.sendHour > 23) issues.push({ propertyName: 'sendHour', key: 'messaging.periodicHour' });
  if (!Number.isInteger(s.sendMinute) || s.sendMinute < 0 || s.sendMinute > 59) issues.push({ propertyName: 'sendMinute', key: 'messaging.periodicMinute' });
  if (!Number.isInteger(s.period) || s.period < 1) issues.push({ propertyName: 'period', key: 'messaging.periodicPeriod' });
  const start = dayNumber(s.startDate);
  if (Number.isNaN(start)) issues.push({ propertyName: 'startDate', key: 'messaging.periodicDate' });
  if (s.endDate) {
    const end = dayNumber(s.endDate);
    if (Number.isNaN(end)) issues.push({ propertyName: 'endDate', key: 'messaging.periodicDate' });
    else if (!Number.isNaN(start) && end < start) issues.push({ propertyName: 'endDate', key: 'messaging.periodicEndBeforeStart' });
  }
  if (s.maxOccurrences != null && (!Number.isInteger(s.maxOccurrences) || s.maxOccurrences < 1)) issues.push({ propertyName: 'maxOccurrences', key: 'messaging.periodicMaxOccurrences' });
  return issues;
}
