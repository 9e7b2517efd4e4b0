import { addDays, addMonths, buildMonthGrid, fromGridDate, toGridDate, weekdayFromSaturday, type CalendarDate, type GridCalendar } from './jalali';

/**
 * The day a key moves the month grid's focus to (the WAI-ARIA date grid keys; arrows follow the
 * reading direction, weeks start on Saturday). `undefined`: the grid leaves this key alone (Escape
 * included: the picker closes itself); `null`: the key is the grid's but there is no such day.
 */
export function dayForGridKey(key: string, shiftKey: boolean, focusDay: CalendarDate, grid: GridCalendar, rtl: boolean): CalendarDate | null | undefined {
  switch (key) {
    case 'ArrowRight':
      return addDays(focusDay, rtl ? -1 : 1);
    case 'ArrowLeft':
      return addDays(focusDay, rtl ? 1 : -1);
    case 'ArrowDown':
      return addDays(focusDay, 7);
    case 'ArrowUp':
      return addDays(focusDay, -7);
    case 'Home':
      return addDays(focusDay, -weekdayFromSaturday(focusDay));
    case 'End':
      return addDays(focusDay, 6 - weekdayFromSaturday(focusDay));
    case 'PageUp':
    case 'PageDown': {
      // Same day of the month a month (Shift: a year) away, or that month's last day when it is shorter.
      const delta = (key === 'PageUp' ? -1 : 1) * (shiftKey ? 12 : 1);
      const g = toGridDate(grid, focusDay);
      const ym = addMonths(g, delta);
      try {
        const length = buildMonthGrid(grid, ym.year, ym.month).flat().filter((c) => c.inMonth).length;
        return fromGridDate(grid, { ...ym, day: Math.min(g.day, length) });
      } catch {
        return null;
      }
    }
    default:
      return undefined;
  }
}
