import { fromJalali, jalaliMonthEnd, toJalali } from '../../shared/dates/jalali.js';
import { tehranDay, tehranDayStart } from '../../shared/dates/tehran-days.js';

/** How often a reseller target repeats: Jalali calendar periods in Tehran time. */
export const TARGET_TIMES = ['Monthly', 'Quarterly', 'Yearly'] as const;
export type TargetTimes = (typeof TARGET_TIMES)[number];

export interface TargetPeriod {
  /** 1405-09 (Monthly), 1405-Q3 (Quarterly), 1405 (Yearly): the reward's idempotency is per key. */
  key: string;
  /** First instant of the period (Tehran midnight of its first day). */
  from: Date;
  /** First instant after it. */
  to: Date;
}

const MONTHS: Record<TargetTimes, number> = { Monthly: 1, Quarterly: 3, Yearly: 12 };

/** The period of `times` that the instant falls in. */
export function periodOf(times: TargetTimes, at: Date): TargetPeriod {
  const j = toJalali(tehranDay(at));
  const span = MONTHS[times];
  const firstMonth = Math.floor((j.jm - 1) / span) * span + 1;
  const lastMonth = firstMonth + span - 1;
  const startDay = fromJalali({ jy: j.jy, jm: firstMonth, jd: 1 });
  const endDay = jalaliMonthEnd(j.jy, lastMonth);
  const key = times === 'Yearly' ? String(j.jy)
    : times === 'Quarterly' ? `${j.jy}-Q${(firstMonth - 1) / 3 + 1}`
      : `${j.jy}-${String(j.jm).padStart(2, '0')}`;
  return { key, from: tehranDayStart(startDay), to: tehranDayStart(endDay + 1) };
}

/** The period just before the one the instant falls in. */
export function previousPeriodOf(times: TargetTimes, at: Date): TargetPeriod {
  return periodOf(times, new Date(periodOf(times, at).from.getTime() - 1));
}
