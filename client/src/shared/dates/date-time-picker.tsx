import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { cx } from '../ui/class-names';
import { describedBy, FieldFrame, inputClass } from '../ui/form/field-frame';
import { useFieldErrorText, type FieldError } from '../ui/form/field-error';
import { UI_NS } from '../ui/ui.i18n';
import { useDigits } from '../ui/use-digits';
import {
  addMonths,
  buildMonthGrid,
  dateKey,
  formatLunarDate,
  formatParts,
  fromGridDate,
  monthNames,
  parseDateTimeInput,
  TEHRAN_TIME_ZONE,
  toGridDate,
  toInstant,
  utcToZonedGregorian,
  zonedGregorianToUtc,
  type CalendarCell,
  type CalendarDate,
  type CalendarKind,
  type GridCalendar,
} from './jalali';
import { dayForGridKey } from './calendar-keys';
import { CalendarMonthGrid, dayKeyOf } from './calendar-month-grid';
import { CalendarChoice, TimeFields } from './date-time-panel-parts';

export interface DateTimePickerProps {
  /** UTC ISO string or null. */
  value: string | null | undefined;
  /** Called with a UTC ISO string ('…Z') or null when cleared. */
  onChange: (isoUtc: string | null) => void;
  label?: string;
  hint?: string;
  error?: FieldError;
  /** Show hour and minute (default true); without time the day starts at 00:00 Tehran time. */
  withTime?: boolean;
  /** Controlled calendar; otherwise starts at defaultCalendar (fa ⇒ solar, else gregorian). */
  calendar?: CalendarKind;
  defaultCalendar?: CalendarKind;
  onCalendarChange?: (calendar: CalendarKind) => void;
  /** Show the solar / Gregorian / lunar choice (default true). */
  showCalendarChoice?: boolean;
  /** Days before min or after max (UTC ISO, compared by Tehran day) cannot be chosen. */
  min?: string;
  max?: string;
  disabled?: boolean;
  required?: boolean;
  id?: string;
  name?: string;
  timeZone?: string;
  className?: string;
  /** On the text input; parts get suffixes: -root, -toggle, -panel, -calendar-<kind>, -prev, -next, -day, -hour, -minute, -today, -clear. */
  'data-testid'?: string;
}

type YearMonth = { year: number; month: number };

const gridOf = (calendar: CalendarKind): GridCalendar => (calendar === 'gregorian' ? 'gregorian' : 'solar');

function safeGrid(calendar: GridCalendar, ym: YearMonth): CalendarCell[][] | null {
  try {
    return buildMonthGrid(calendar, ym.year, ym.month);
  } catch {
    return null;
  }
}

export const DateTimePicker = ({
  value,
  onChange,
  label,
  hint,
  error,
  withTime = true,
  calendar: controlledCalendar,
  defaultCalendar,
  onCalendarChange,
  showCalendarChoice = true,
  min,
  max,
  disabled = false,
  required = false,
  id,
  name,
  timeZone = TEHRAN_TIME_ZONE,
  className,
  'data-testid': testId,
}: DateTimePickerProps) => {
  const { t, i18n } = useTranslation(UI_NS);
  const language = i18n.language ?? 'fa';
  const persian = language.toLowerCase().includes('fa');
  const digits = useDigits();
  const autoId = useId();
  const fieldId = id ?? autoId;
  const panelId = `${fieldId}-panel`;
  const tid = (suffix: string) => (testId ? `${testId}-${suffix}` : undefined);

  const [ownCalendar, setOwnCalendar] = useState<CalendarKind>(defaultCalendar ?? (persian ? 'solar' : 'gregorian'));
  const calendar = controlledCalendar ?? ownCalendar;
  const grid = gridOf(calendar);

  const instant = toInstant(value ?? null);
  const zoned = useMemo(() => (instant ? utcToZonedGregorian(instant, timeZone) : null), [instant?.getTime(), timeZone]); // eslint-disable-line react-hooks/exhaustive-deps
  const selectedDay: CalendarDate | null = zoned ? { year: zoned.year, month: zoned.month, day: zoned.day } : null;
  const today = utcToZonedGregorian(Date.now(), timeZone);
  const todayDay: CalendarDate = { year: today.year, month: today.month, day: today.day };
  const minKey = min && toInstant(min) ? dateKey(utcToZonedGregorian(min, timeZone)) : null;
  const maxKey = max && toInstant(max) ? dateKey(utcToZonedGregorian(max, timeZone)) : null;
  const allowed = (d: CalendarDate) => (minKey === null || dateKey(d) >= minKey) && (maxKey === null || dateKey(d) <= maxKey);

  /* typed text */
  const formatValue = (): string => {
    if (!zoned) return '';
    const parts = { ...zoned, ...toGridDate(grid, zoned) };
    const text = formatParts(parts, '/', { withTime });
    return digits(text);
  };
  const [text, setText] = useState(formatValue);
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setText(formatValue());
    setInvalid(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, grid, withTime, persian]);

  const commitText = () => {
    if (text.trim() === '') {
      setInvalid(false);
      if (value) onChange(null);
      return;
    }
    const parsed = parseDateTimeInput(text, grid, timeZone);
    if (!parsed || !allowed(utcToZonedGregorian(parsed, timeZone))) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    const iso = parsed.toISOString();
    if (iso !== instant?.toISOString()) onChange(iso);
    else setText(formatValue());
  };

  /* time */
  const [hour, setHour] = useState(zoned ? String(zoned.hour) : '0');
  const [minute, setMinute] = useState(zoned ? String(zoned.minute) : '0');
  useEffect(() => {
    if (zoned) {
      setHour(String(zoned.hour));
      setMinute(String(zoned.minute));
    }
  }, [zoned]);

  const emit = (day: CalendarDate, h: string, m: string) => {
    const hh = withTime ? Math.min(23, Number(h || 0)) : 0;
    const mm = withTime ? Math.min(59, Number(m || 0)) : 0;
    onChange(zonedGregorianToUtc({ ...day, hour: hh, minute: mm, second: 0 }, timeZone).toISOString());
  };

  /* calendar panel */
  const [open, setOpen] = useState(false);
  const [focusDay, setFocusDay] = useState<CalendarDate>(selectedDay ?? todayDay);
  const [view, setView] = useState<YearMonth>(() => toGridDate(grid, selectedDay ?? todayDay));
  const gridRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const focusGrid = useRef(false);

  const weeks = safeGrid(grid, view) ?? [];

  const showMonthOf = (day: CalendarDate, cal: GridCalendar = grid) => {
    const d = toGridDate(cal, day);
    setView({ year: d.year, month: d.month });
  };

  const openPanel = () => {
    if (disabled) return;
    const start = selectedDay ?? todayDay;
    setFocusDay(start);
    showMonthOf(start);
    setOpen(true);
  };

  const closePanel = (restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) toggleRef.current?.focus();
  };

  const changeCalendar = (next: CalendarKind) => {
    if (!controlledCalendar) setOwnCalendar(next);
    onCalendarChange?.(next);
    showMonthOf(focusDay, gridOf(next));
  };

  const moveView = (delta: number) => {
    const next = addMonths(view, delta);
    if (!safeGrid(grid, next)) return;
    setView(next);
    try {
      const first = fromGridDate(grid, { ...next, day: 1 });
      setFocusDay(first);
    } catch {
      // out of the supported calendar range: keep focus where it is
    }
  };

  useEffect(() => {
    if (!open || !focusGrid.current) return;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${dayKeyOf(focusDay)}"]`)?.focus();
  }, [focusDay, view, open]);

  const isRtl = () => (gridRef.current?.closest('[dir]')?.getAttribute('dir') ?? document.documentElement.dir) === 'rtl';

  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      closePanel(true);
      return;
    }
    const next = dayForGridKey(event.key, event.shiftKey, focusDay, grid, isRtl());
    if (next === undefined) return;
    event.preventDefault();
    if (!next) return;
    try {
      toGridDate(grid, next);
    } catch {
      return;
    }
    focusGrid.current = true;
    setFocusDay(next);
    const v = toGridDate(grid, next);
    if (v.year !== view.year || v.month !== view.month) setView({ year: v.year, month: v.month });
  };

  const chooseDay = (day: CalendarDate) => {
    if (!allowed(day)) return;
    setFocusDay(day);
    emit(day, hour, minute);
    if (!withTime) closePanel(true);
  };

  const onTimeChange = (part: 'hour' | 'minute', raw: string) => {
    const limit = part === 'hour' ? 23 : 59;
    const clean = raw === '' ? '' : String(Math.min(limit, Number(raw.slice(-2))));
    const h = part === 'hour' ? clean : hour;
    const m = part === 'minute' ? clean : minute;
    setHour(h);
    setMinute(m);
    if (selectedDay) emit(selectedDay, h, m);
  };

  const shownHint = hint ?? (t('dates.dateInputHint') as string);
  const errorText = useFieldErrorText(invalid ? (t('dates.invalid') as string) : error);
  const names = monthNames(grid, language);
  const weekdays = t('dates.weekdaysShort', { returnObjects: true }) as string[];
  const weekdayNames = t('dates.weekdays', { returnObjects: true }) as string[];
  const monthTitle = `${names[view.month - 1] ?? ''} ${digits(view.year)}`;
  const inMonthCells = weeks.flat().filter((c) => c.inMonth);
  const lunarRange =
    calendar === 'lunar' && inMonthCells.length > 0
      ? `${formatLunarDate(zonedGregorianToUtc({ ...inMonthCells[0].gregorian, hour: 12 }, timeZone), language, timeZone)} – ${formatLunarDate(
          zonedGregorianToUtc({ ...inMonthCells[inMonthCells.length - 1].gregorian, hour: 12 }, timeZone),
          language,
          timeZone,
        )}`
      : null;

  return (
    <FieldFrame id={fieldId} label={label} required={required} hint={shownHint} errorText={errorText} className={className}>
      <div className="relative" data-testid={tid('root')}>
        <div className="flex items-stretch gap-1">
          <input
            id={fieldId}
            name={name}
            type="text"
            dir="ltr"
            inputMode="numeric"
            autoComplete="off"
            disabled={disabled}
            required={required}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setInvalid(false);
            }}
            onBlur={commitText}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                commitText();
              } else if (e.key === 'ArrowDown' && e.altKey) {
                e.preventDefault();
                focusGrid.current = true;
                openPanel();
              }
            }}
            aria-invalid={errorText ? true : undefined}
            aria-describedby={describedBy(fieldId, shownHint, errorText)}
            className={cx(inputClass(!!errorText), 'text-start')}
            data-testid={testId}
          />
          <Button
            ref={toggleRef}
            variant="secondary"
            disabled={disabled}
            aria-label={t('dates.openCalendar') as string}
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => {
              if (open) closePanel(false);
              else {
                focusGrid.current = true;
                openPanel();
              }
            }}
            data-testid={tid('toggle')}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
              <rect x="3" y="5" width="18" height="16" rx="2" />
              <path d="M3 10h18M8 3v4M16 3v4" />
            </svg>
          </Button>
        </div>
        {open && (
          <div
            id={panelId}
            role="dialog"
            aria-label={label ?? (t('dates.dateInput') as string)}
            className="absolute z-40 mt-1 w-80 max-w-[calc(100vw-1rem)] rounded-lg border border-gray-200 bg-white p-3 shadow-xl dark:border-gray-700 dark:bg-gray-900"
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                e.stopPropagation();
                closePanel(true);
              }
            }}
            data-testid={tid('panel')}
          >
            {showCalendarChoice && <CalendarChoice calendar={calendar} onChange={changeCalendar} testId={tid} />}
            <div className="mb-2 flex items-center justify-between gap-1">
              <Button variant="ghost" size="sm" onClick={() => moveView(-1)} aria-label={t('dates.previousMonth') as string} data-testid={tid('prev')}>
                <span aria-hidden="true" className="inline-block rtl:rotate-180">‹</span>
              </Button>
              <div className="text-center">
                <div className="text-sm font-semibold" aria-live="polite" data-testid={tid('month')}>
                  {monthTitle}
                </div>
                {lunarRange && <div className="text-xs text-gray-500 dark:text-gray-400">{lunarRange}</div>}
              </div>
              <Button variant="ghost" size="sm" onClick={() => moveView(1)} aria-label={t('dates.nextMonth') as string} data-testid={tid('next')}>
                <span aria-hidden="true" className="inline-block rtl:rotate-180">›</span>
              </Button>
            </div>
            <CalendarMonthGrid gridRef={gridRef} monthTitle={monthTitle} weeks={weeks} weekdays={weekdays} weekdayNames={weekdayNames} calendar={calendar}
              selectedDay={selectedDay} focusDay={focusDay} todayDay={todayDay} allowed={allowed} digits={digits} onKeyDown={onGridKeyDown}
              onChooseDay={chooseDay} onDayFocus={() => { focusGrid.current = true; }} dayTestId={tid('day')} />
            {withTime && <TimeFields hour={hour} minute={minute} onChange={onTimeChange} testId={tid} />}
            <div className="mt-3 flex justify-between gap-2">
              <Button
                variant="secondary"
                size="sm"
                disabled={!allowed(todayDay)}
                onClick={() => {
                  setFocusDay(todayDay);
                  showMonthOf(todayDay);
                  chooseDay(todayDay);
                }}
                data-testid={tid('today')}
              >
                {t('dates.today')}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  onChange(null);
                  closePanel(true);
                }}
                data-testid={tid('clear')}
              >
                {t('dates.clear')}
              </Button>
            </div>
          </div>
        )}
      </div>
    </FieldFrame>
  );
};

