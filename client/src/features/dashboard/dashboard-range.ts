/**
 * The dashboard's range between the Jalali pickers and the server's Tehran days. A picker without
 * time answers the UTC instant of the chosen day's midnight in Tehran; the server wants that day as
 * `YYYY-MM-DD` (server/shared/insight/dashboard-days.ts). Pure: tested without a browser.
 */
import {
  MAX_RANGE_DAYS, dayNumber, isDay, lastDays, type DayRange,
} from '../../../../server/shared/insight/dashboard-days';
import {
  TEHRAN_TIME_ZONE, gregorianToJalali, monthNames, tehranDayOf, toInstant, toPersianDigits, zonedGregorianToUtc,
} from '../../shared/dates/jalali';

export { MAX_RANGE_DAYS };

/** The pickers' values: UTC instants of Tehran midnights. */
export interface PickedRange {
  fromDate: string | null;
  toDate: string | null;
}

/** The Tehran day a picker value falls on. */
export function dayOfPick(isoUtc: string): string {
  return tehranDayOf(new Date(isoUtc));
}

/** The picker value of a Tehran day (its midnight in Tehran, as a UTC instant). */
export function pickOfDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return zonedGregorianToUtc({ year, month, day: date }, TEHRAN_TIME_ZONE).toISOString();
}

/** The pickers' first values: the last ten Tehran days, today included (the spec's default). */
export function defaultPicks(now: Date): PickedRange {
  const range = lastDays(now);
  return { fromDate: pickOfDay(range.fromDate), toDate: pickOfDay(range.toDate) };
}

export type PickProblem = 'bothDates' | 'endBeforeStart' | 'tooLong';

/** The range to ask for, or why the picked one cannot be asked for (the server says the same). */
export function rangeOfPicks(picks: PickedRange): { range: DayRange } | { problem: PickProblem } {
  if (!picks.fromDate || !picks.toDate || !toInstant(picks.fromDate) || !toInstant(picks.toDate)) return { problem: 'bothDates' };
  const fromDate = dayOfPick(picks.fromDate);
  const toDate = dayOfPick(picks.toDate);
  if (!isDay(fromDate) || !isDay(toDate)) return { problem: 'bothDates' };
  const span = dayNumber(toDate) - dayNumber(fromDate) + 1;
  if (span < 1) return { problem: 'endBeforeStart' };
  if (span > MAX_RANGE_DAYS) return { problem: 'tooLong' };
  return { range: { fromDate, toDate } };
}

const isPersian = (language: string) => language.toLowerCase().includes('fa');

/**
 * A day as an axis label: in Persian the Jalali day and month name with Persian digits ('۳۰ اسفند'),
 * otherwise the Gregorian day and short month ('Mar 20'), as the panel shows dates in each language.
 */
export function dayLabel(day: string, language: string): string {
  const [year, month, date] = day.split('-').map(Number);
  if (isPersian(language)) {
    const j = gregorianToJalali({ year, month, day: date });
    return `${toPersianDigits(j.day)} ${monthNames('solar', language)[j.month - 1]}`;
  }
  return `${monthNames('gregorian', language)[month - 1].slice(0, 3)} ${date}`;
}

/** In right-to-left languages time runs from right to left: the first day is drawn at the right. */
export function inReadingOrder<T>(days: T[], language: string): T[] {
  return isPersian(language) ? [...days].reverse() : days;
}
