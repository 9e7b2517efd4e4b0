import type { KeyboardEvent, RefObject } from 'react';
import { cx } from '../ui/class-names';
import { formatParts, lunarDayOfMonth, sameDate, type CalendarCell, type CalendarDate, type CalendarKind } from './jalali';

export const dayKeyOf = (d: CalendarDate): string => `${d.year}-${d.month}-${d.day}`;

interface CalendarMonthGridProps {
  gridRef: RefObject<HTMLDivElement>;
  monthTitle: string;
  weeks: CalendarCell[][];
  weekdays: string[];
  weekdayNames: string[];
  calendar: CalendarKind;
  selectedDay: CalendarDate | null;
  focusDay: CalendarDate;
  todayDay: CalendarDate;
  allowed(day: CalendarDate): boolean;
  digits(value: string | number): string;
  onKeyDown(event: KeyboardEvent<HTMLDivElement>): void;
  onChooseDay(day: CalendarDate): void;
  onDayFocus(): void;
  dayTestId?: string;
}

/** The date picker's month: a WAI-ARIA grid with one roving tab stop (the focused day). */
export function CalendarMonthGrid({
  gridRef, monthTitle, weeks, weekdays, weekdayNames, calendar, selectedDay, focusDay, todayDay, allowed, digits, onKeyDown, onChooseDay, onDayFocus, dayTestId,
}: CalendarMonthGridProps) {
  return (
    <div ref={gridRef} role="grid" aria-label={monthTitle} onKeyDown={onKeyDown} className="text-sm">
      <div role="row" className="grid grid-cols-7">
        {weekdays.map((w, i) => (
          <span key={i} role="columnheader" aria-label={weekdayNames[i]} className="py-1 text-center text-xs text-gray-500 dark:text-gray-400">
            {w}
          </span>
        ))}
      </div>
      {weeks.map((week, wi) => (
        <div role="row" key={wi} className="grid grid-cols-7">
          {week.map((cell) => {
            const isSelected = sameDate(cell.gregorian, selectedDay);
            const isFocus = sameDate(cell.gregorian, focusDay);
            const isToday = sameDate(cell.gregorian, todayDay);
            const enabled = allowed(cell.gregorian);
            return (
              <span role="gridcell" key={dayKeyOf(cell.gregorian)} aria-selected={isSelected}>
                <button
                  type="button"
                  tabIndex={isFocus ? 0 : -1}
                  disabled={!enabled}
                  aria-current={isToday ? 'date' : undefined}
                  aria-label={`${weekdayNames[cell.weekday]} ${digits(formatParts({ ...cell.date, hour: 0, minute: 0, second: 0 }, '/', { withTime: false }))}`}
                  data-day={dayKeyOf(cell.gregorian)}
                  onClick={() => onChooseDay(cell.gregorian)}
                  onFocus={onDayFocus}
                  className={cx(
                    'm-0.5 flex h-9 w-9 flex-col items-center justify-center rounded-full leading-none',
                    !cell.inMonth && 'text-gray-400 dark:text-gray-600',
                    cell.weekday === 6 && cell.inMonth && 'text-red-600 dark:text-red-400',
                    isToday && 'ring-1 ring-blue-400',
                    isSelected
                      ? 'bg-blue-600 text-white dark:bg-blue-500 dark:text-gray-950'
                      : 'hover:bg-gray-100 dark:hover:bg-gray-800',
                    'focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 disabled:cursor-not-allowed disabled:opacity-40',
                  )}
                  data-testid={dayTestId}
                >
                  <span>{digits(cell.date.day)}</span>
                  {calendar === 'lunar' && (
                    <span className="text-[0.6rem] opacity-70">{digits(lunarDayOfMonth(cell.gregorian))}</span>
                  )}
                </button>
              </span>
            );
          })}
        </div>
      ))}
    </div>
  );
}
