/**
 * Wall-clock time in Tehran (or another zone), from an instant and back. The offset comes from the
 * runtime's time-zone database through Intl, as every copy this file replaced did: Iran's history is
 * right for old dates (+03:25:44 before 1935, +04:00 in 1977–78, daylight saving +04:30 from
 * 1 Farvardin to 30 Shahrivar in the years that kept it, the last in 2022) and every instant since
 * is +03:30. Import-free apart from Intl: the browser bundle reads this file.
 */
import { DAY_MS } from './calendar-days.js';

export const TEHRAN_ZONE = 'Asia/Tehran';

/** A Gregorian date and wall-clock time (month 1..12, hour 0..23). */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // The era keeps years before 1 AD apart; gregory and latn keep the parts numeric in any locale data.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone, calendar: 'gregory', numberingSystem: 'latn', hourCycle: 'h23', era: 'short',
      year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Epoch milliseconds of a wall time read as UTC (setUTCFullYear: years 0–99 stay themselves). */
export function wallMs(w: Pick<WallTime, 'year' | 'month' | 'day'> & Partial<WallTime>): number {
  const d = new Date(0);
  d.setUTCFullYear(w.year, w.month - 1, w.day);
  d.setUTCHours(w.hour ?? 0, w.minute ?? 0, w.second ?? 0, 0);
  return d.getTime();
}

/** The zone's offset from UTC (ms) at an instant, asked of Intl (whole seconds: LMT has seconds). */
function askOffset(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  const p: Record<string, string> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(whole))) p[part.type] = part.value;
  let year = Number(p.year);
  if (p.era && /^B/i.test(p.era)) year = 1 - year;
  return wallMs({ year, month: Number(p.month), day: Number(p.day), hour: Number(p.hour) % 24, minute: Number(p.minute), second: Number(p.second) }) - whole;
}

/**
 * Memo of one offset per zone and UTC day (null: the offset changed during that day, so each
 * instant of it is asked). Intl costs ~10 µs a call, and a million-row import or a 500,000-contact
 * dynamic send asks this for every row; Tehran's offset changes at most once a day, so a day whose
 * start and end agree has one offset throughout. Bounded by clearing, never by a wrong answer.
 */
const MEMO_LIMIT = 50_000;
const offsetsOfDay = new Map<string, Map<number, number | null>>();

/** The zone's offset from UTC in milliseconds at an instant (Tehran: 12,600,000, or 16,200,000 in old summers). */
export function zoneOffsetMs(at: Date | number, timeZone: string = TEHRAN_ZONE): number {
  const ms = typeof at === 'number' ? at : at.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid date');
  let memo = offsetsOfDay.get(timeZone);
  if (!memo) offsetsOfDay.set(timeZone, (memo = new Map()));
  const day = Math.floor(ms / DAY_MS);
  let offset = memo.get(day);
  if (offset === undefined) {
    const start = askOffset(day * DAY_MS, timeZone);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    offset = start === askOffset((day + 1) * DAY_MS - 1, timeZone) ? start : null;
    memo.set(day, offset);
  }
  return offset ?? askOffset(ms, timeZone);
}

/** The wall-clock date and time of an instant in Tehran (or another zone). */
export function wallTimeOf(at: Date | number, timeZone: string = TEHRAN_ZONE): WallTime {
  const ms = typeof at === 'number' ? at : at.getTime();
  const local = new Date(ms + zoneOffsetMs(ms, timeZone));
  return {
    year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate(),
    hour: local.getUTCHours(), minute: local.getUTCMinutes(), second: local.getUTCSeconds(),
  };
}

/**
 * The instant of a wall-clock time in Tehran (or another zone). A time that a spring switch
 * skipped resolves forward (00:30 on the day clocks went 00:00 → 01:00 is 01:30); a time an autumn
 * switch repeated is its later (standard-time) occurrence.
 */
export function instantOfWallTime(w: Pick<WallTime, 'year' | 'month' | 'day'> & Partial<WallTime>, timeZone: string = TEHRAN_ZONE): Date {
  const local = wallMs(w);
  const first = zoneOffsetMs(local, timeZone);
  const utc = local - first;
  const second = zoneOffsetMs(utc, timeZone);
  return new Date(second === first ? utc : local - second);
}
