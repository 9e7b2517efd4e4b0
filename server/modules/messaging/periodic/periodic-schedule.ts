/**
 * When a periodic send's occurrences fall. Pure (no I/O, no packages): the service and the tests
 * call it with explicit instants.
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

export { dayNumber, dayString };
/** How far ahead to look for a candidate (about 30 years): beyond that the schedule has none. */
const SEARCH_DAYS = 11_000;

/** Saturday = 0 … Friday = 6. */
export function iranWeekday(day: number): number {
  return (new Date(day * DAY_MS).getUTCDay() + 1) % 7;
}

const tehranFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Tehran', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});

function tehranWall(at: Date): { day: number; ms: number } {
  const p: Record<string, number> = {};
  for (const part of tehranFormat.formatToParts(at)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return { day: Math.floor(wall / DAY_MS), ms: wall };
}

/** The Tehran calendar day an instant falls on. */
export function tehranDay(at: Date): number {
  return tehranWall(at).day;
}

/** The instant of a Tehran wall-clock time on a day. */
export function tehranTime(day: number, hour: number, minute: number): Date {
  const wall = day * DAY_MS + hour * 3_600_000 + minute * 60_000;
  const offsetAt = (guess: number) => tehranWall(new Date(guess)).ms - Math.floor(guess / 1000) * 1000;
  let guess = wall - 12_600_000;
  guess = wall - offsetAt(guess);
  return new Date(wall - offsetAt(guess));
}

// --- Jalali calendar (the jalaali-js arithmetic, trimmed to what the schedule needs) -------------

const BREAKS = [-61, 9, 38, 199, 426, 686, 756, 818, 1111, 1181, 1210, 1635, 2060, 2097, 2192, 2262, 2324, 2394, 2456, 3178];
const div = (a: number, b: number) => ~~(a / b);
const mod = (a: number, b: number) => a - ~~(a / b) * b;

function jalCal(jy: number): { leap: number; gy: number; march: number } {
  const gy = jy + 621;
  let leapJ = -14;
  let jp = BREAKS[0];
  let jump = 0;
  for (let i = 1; i < BREAKS.length; i += 1) {
    const jm = BREAKS[i];
    jump = jm - jp;
    if (jy < jm) break;
    leapJ = leapJ + div(jump, 33) * 8 + div(mod(jump, 33), 4);
    jp = jm;
  }
  let n = jy - jp;
  leapJ = leapJ + div(n, 33) * 8 + div(mod(n, 33) + 3, 4);
  if (mod(jump, 33) === 4 && jump - n === 4) leapJ += 1;
  const leapG = div(gy, 4) - div((div(gy, 100) + 1) * 3, 4) - 150;
  const march = 20 + leapJ - leapG;
  if (jump - n < 6) n = n - jump + div(jump + 4, 33) * 33;
  let leap = mod(mod(n + 1, 33) - 1, 4);
  if (leap === -1) leap = 4;
  return { leap, gy, march };
}

/** Epoch day of a Gregorian date. */
function gDay(gy: number, gm: number, gd: number): number {
  return Date.UTC(gy, gm - 1, gd) / DAY_MS;
}

export function toJalali(day: number): { jy: number; jm: number; jd: number } {
  const gy = new Date(day * DAY_MS).getUTCFullYear();
  let jy = gy - 621;
  const r = jalCal(jy);
  let k = day - gDay(r.gy, 3, r.march);
  if (k >= 0) {
    if (k <= 185) return { jy, jm: 1 + div(k, 31), jd: mod(k, 31) + 1 };
    k -= 186;
  } else {
    jy -= 1;
    k += 179;
    if (r.leap === 1) k += 1;
  }
  return { jy, jm: 7 + div(k, 30), jd: mod(k, 30) + 1 };
}

export function jalaliMonthLength(jy: number, jm: number): number {
  if (jm <= 6) return 31;
  if (jm <= 11) return 30;
  return jalCal(jy).leap === 0 ? 30 : 29;
}

// -------------------------------------------------------------------------------------------------

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
