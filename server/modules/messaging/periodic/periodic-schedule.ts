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
 *   Yearly = the start date's Jalali month and day every `period` years (Esfand 30 is Esfand 29 in
 *   a common year).
 * - Minute and Hour are fixed steps of `period` minutes or hours of elapsed time from the anchor,
 *   `sendHour:sendMinute` on `startDate` (Iran has kept +03:30 since 2022, so the steps stay on the
 *   wall clock). At least MIN_MINUTE_PERIOD minutes apart, and the series must name its
 *   `maxOccurrences`, at most MAX_FREQUENT_OCCURRENCES: a frequent series never runs unbounded.
 * - `daysOfWeek` (Saturday = 0 … Friday = 6) filters every kind: a candidate on another weekday is
 *   skipped and does not count as an occurrence.
 * - `endDate` is inclusive; `maxOccurrences` counts occurrences already made (failed ones included).
 */
import { DAY_MS, dayNumber, dayString } from '../../../shared/dates/calendar-days.js';
import { jalaliMonthLength, toJalali } from '../../../shared/dates/jalali.js';
import { tehranDay, tehranTime } from '../../../shared/dates/tehran-days.js';

/** The spec's SmsSentPeriodType. */
export const PERIOD_TYPES = ['Minute', 'Hour', 'Daily', 'Weekly', 'Monthly', 'Yearly'] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];
export const ALL_DAYS: readonly number[] = [0, 1, 2, 3, 4, 5, 6];
/** The shortest Minute period: one send every quarter hour at most. */
export const MIN_MINUTE_PERIOD = 15;
/** A Minute or Hour series names its number of submissions, at most this many. */
export const MAX_FREQUENT_OCCURRENCES = 500;
const MINUTE_MS = 60_000;

export interface PeriodicSchedule {
  periodType: PeriodType;
  /** Every N minutes, hours, days, weeks, months or years (N ≥ 1; Minute N ≥ MIN_MINUTE_PERIOD). */
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
  params?: Record<string, unknown>;
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
    case 'Yearly': {
      const a = toJalali(startDay);
      const j = toJalali(day);
      if (j.jm !== a.jm || (j.jy - a.jy) % period !== 0) return false;
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
  if (s.periodType === 'Minute' || s.periodType === 'Hour') return nextStep(s, startDay, endDay, after);
  const last = Number.isNaN(endDay) ? Math.max(startDay, tehranDay(after)) + SEARCH_DAYS : endDay;
  for (let day = Math.max(startDay, tehranDay(after)); day <= last; day++) {
    if (!isCandidate(s, startDay, day)) continue;
    const at = tehranTime(day, s.sendHour, s.sendMinute);
    if (at.getTime() > after.getTime()) return at;
  }
  return null;
}

/** The length of one Minute or Hour step. */
function stepMs(s: PeriodicSchedule): number {
  const period = Math.max(1, Math.floor(s.period));
  return s.periodType === 'Hour' ? period * 60 * MINUTE_MS : period * MINUTE_MS;
}

/**
 * Minute and Hour: the first step `anchor + k × step` after `after` whose Tehran day is allowed;
 * a step on a day not in `daysOfWeek` jumps to the first step of the next day.
 */
function nextStep(s: PeriodicSchedule, startDay: number, endDay: number, after: Date): Date | null {
  const anchor = tehranTime(startDay, s.sendHour, s.sendMinute).getTime();
  const step = stepMs(s);
  let k = after.getTime() < anchor ? 0 : Math.floor((after.getTime() - anchor) / step) + 1;
  const lastDay = Number.isNaN(endDay) ? Math.max(startDay, tehranDay(after)) + SEARCH_DAYS : endDay;
  for (;;) {
    const at = new Date(anchor + k * step);
    const day = tehranDay(at);
    if (day > lastDay) return null;
    if (s.daysOfWeek.includes(iranWeekday(day))) return at;
    k = Math.max(k + 1, Math.ceil((tehranTime(day + 1, 0, 0).getTime() - anchor) / step));
  }
}

/**
 * The shortest time between two occurrences, in minutes: a gradual occurrence (GradualPeriodic)
 * must send its last step before the next occurrence starts. Weekly with several days may fall
 * on consecutive days; Monthly counts the shortest Jalali month (29 days).
 */
export function shortestGapMinutes(s: PeriodicSchedule): number {
  const period = Math.max(1, Math.floor(s.period));
  switch (s.periodType) {
    case 'Minute': return period;
    case 'Hour': return period * 60;
    case 'Daily': return period * 1440;
    case 'Weekly': return s.daysOfWeek.length > 1 ? 1440 : period * 7 * 1440;
    case 'Monthly': return period * 29 * 1440;
    case 'Yearly': return period * 365 * 1440;
    default: return 1440;
  }
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
  else if (s.periodType === 'Minute' && s.period < MIN_MINUTE_PERIOD) issues.push({ propertyName: 'period', key: 'messaging.periodicMinutePeriod', params: { min: MIN_MINUTE_PERIOD } });
  const frequent = s.periodType === 'Minute' || s.periodType === 'Hour';
  if (frequent && (s.maxOccurrences == null || s.maxOccurrences > MAX_FREQUENT_OCCURRENCES)) issues.push({ propertyName: 'maxOccurrences', key: 'messaging.periodicFrequentCap', params: { max: MAX_FREQUENT_OCCURRENCES } });
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
