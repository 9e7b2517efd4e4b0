/**
 * A report's range between the Jalali pickers and the server's Tehran days, and its period labels.
 * Pure (tested without a browser); the limits are the server's (server/shared/insight/report-periods.ts).
 */
import { addDays, dayNumber, isDay, type DayRange } from '../../../../server/shared/insight/dashboard-days';
import { REPORT_MAX_RANGE_DAYS, type ReportGrouping } from '../../../../server/shared/insight/report-periods';
import { tehranDayOf, monthNames, toPersianDigits } from '../../shared/dates/jalali';
import { dayLabel, dayOfPick, pickOfDay, type PickedRange } from '../dashboard/dashboard-range';

export { REPORT_MAX_RANGE_DAYS };

/** The first range: the last thirty Tehran days, today included. */
export function defaultReportPicks(now: Date): PickedRange {
  const toDate = tehranDayOf(now);
  return { fromDate: pickOfDay(addDays(toDate, -29)), toDate: pickOfDay(toDate) };
}

export type ReportPickProblem = 'bothDates' | 'endBeforeStart' | 'tooLong';

/** The range to ask for, or why the picked one cannot be asked for (the server says the same). */
export function reportRangeOfPicks(picks: PickedRange): { range: DayRange } | { problem: ReportPickProblem } {
  if (!picks.fromDate || !picks.toDate) return { problem: 'bothDates' };
  const fromDate = dayOfPick(picks.fromDate);
  const toDate = dayOfPick(picks.toDate);
  if (!isDay(fromDate) || !isDay(toDate)) return { problem: 'bothDates' };
  const span = dayNumber(toDate) - dayNumber(fromDate) + 1;
  if (span < 1) return { problem: 'endBeforeStart' };
  if (span > REPORT_MAX_RANGE_DAYS) return { problem: 'tooLong' };
  return { range: { fromDate, toDate } };
}

const isPersian = (language: string) => language.toLowerCase().includes('fa');

/**
 * A period's label: a day as the dashboard labels it ('۱۷ آذر', 'Dec 8'); a Jalali month `1405-09`
 * as its name and year ('آذر ۱۴۰۵', 'Azar 1405').
 */
export function periodLabel(period: string, grouping: ReportGrouping, language: string): string {
  if (grouping === 'day') return dayLabel(period, language);
  const [year, month] = period.split('-').map(Number);
  const name = monthNames('solar', language)[month - 1];
  return isPersian(language) ? `${name} ${toPersianDigits(year)}` : `${name} ${year}`;
}
