import { fromJalali, jalaliMonthLength, toJalali } from '../../shared/dates/jalali.js';
import { tehranDay, tehranTime } from '../../shared/dates/tehran-days.js';
import { wallTimeOf } from '../../shared/dates/tehran-time.js';

/**
 * When a periodic smart request's occurrences fall (CONTEXT.md "Periodic smart requests"). Pure:
 * the service decides under the parent's row lock which step comes next.
 */
export interface PeriodicRule {
  periodType: 'Daily' | 'Weekly' | 'Monthly';
  /** Tehran week days, 0 = Saturday … 6 = Friday. */
  weekDays?: number[];
  repeatCount?: number;
  endDate?: string;
}

/** A rule with neither `repeatCount` nor `endDate` still ends: at most this many occurrences (the schema's repeatCount limit). */
export const MAX_OCCURRENCES = 365;
/** An occurrence is created and submitted this long before its presence window starts (the BTS must have it before the window). */
export const OCCURRENCE_LEAD_MS = 10 * 60 * 1000;
const DAY_MS = 86_400_000;

/** The Tehran week day of an instant, 0 = Saturday (epoch day 0, 1970-01-01, was a Thursday = 5). */
export function tehranWeekDay(at: Date): number {
  return (tehranDay(at) + 5) % 7;
}

/** Steps are days when the rule is daily or names week days, weeks when weekly without days, else months. */
function byDays(rule: PeriodicRule): boolean {
  return rule.periodType === 'Daily' || (rule.periodType === 'Weekly' && (rule.weekDays?.length ?? 0) > 0);
}

/**
 * The presence window's start of step `step` (step 0 = the request's own window). Months are Jalali
 * months of the start's Tehran day, at the same Tehran wall time, as messaging's periodic sends
 * count them: the day is clamped to a shorter month's last (31 Shahrivar → 30 Mehr → 30 Aban →
 * 31 Farvardin), always from the start's own day so a clamp never sticks.
 */
export function stepStart(rule: PeriodicRule, start: Date, step: number): Date {
  if (rule.periodType === 'Monthly') {
    const first = toJalali(tehranDay(start));
    const months = first.jm - 1 + step;
    const jy = first.jy + Math.floor(months / 12);
    const jm = (months % 12) + 1;
    const day = fromJalali({ jy, jm, jd: Math.min(first.jd, jalaliMonthLength(jy, jm)) });
    const wall = wallTimeOf(start);
    return new Date(tehranTime(day, wall.hour, wall.minute, wall.second).getTime() + start.getUTCMilliseconds());
  }
  return new Date(start.getTime() + step * (byDays(rule) ? DAY_MS : 7 * DAY_MS));
}

/**
 * The first step after `afterStep` (null: from the start) that the rule keeps, or null when the
 * rule has ended: `created` occurrences reached `repeatCount` (or MAX_OCCURRENCES), or the step
 * starts after `endDate`.
 */
export function nextStep(rule: PeriodicRule, start: Date, afterStep: number | null, created: number): { step: number; at: Date } | null {
  if (created >= Math.min(rule.repeatCount ?? MAX_OCCURRENCES, MAX_OCCURRENCES)) return null;
  const end = rule.endDate ? Date.parse(rule.endDate) : NaN;
  const days = byDays(rule) && (rule.weekDays?.length ?? 0) > 0 ? new Set(rule.weekDays) : null;
  // At most a week of days is skipped by the week-day filter.
  for (let step = afterStep === null ? 0 : afterStep + 1, tries = 0; tries < 8; step += 1, tries += 1) {
    const at = stepStart(rule, start, step);
    if (Number.isFinite(end) && at.getTime() > end) return null;
    if (days && !days.has(tehranWeekDay(at))) continue;
    return { step, at };
  }
  return null;
}

/**
 * What is left of `maxDailySendCount` on the Tehran day of `at`: the cap less what the family's
 * occurrences of that day count (an ended one its sent count, an open one its requested = held
 * count). Never below 0.
 */
export function dailyLeft(cap: number, occurrences: { startDatetime: Date | string; counted: number }[], at: Date): number {
  const day = tehranDay(at);
  const used = occurrences.filter((o) => tehranDay(new Date(o.startDatetime)) === day).reduce((sum, o) => sum + o.counted, 0);
  return Math.max(0, cap - used);
}
