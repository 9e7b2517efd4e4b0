import { parse } from 'node-cron';

const DAY_S = 86_400;

/**
 * The instants a node-cron pattern names: the seconds of a local day it fires at, on the days whose
 * day of month, month and weekday it names (all three must match, as every pattern of the house has
 * at most one of them narrowed). Local time, as node-cron fires without a time zone.
 */
export class CronTimes {
  /** Sorted seconds of the day at which the pattern fires. */
  private readonly offsets: number[];
  private readonly days: { dom: Set<number>; month: Set<number>; dow: Set<number> };

  constructor(readonly pattern: string) {
    const f = parse(pattern);
    this.days = { dom: new Set(f.dayOfMonth.map(Number)), month: new Set(f.month.map(Number)), dow: new Set(f.dayOfWeek.map((d) => Number(d) % 7)) };
    const offsets: number[] = [];
    for (const h of f.hour) for (const m of f.minute) for (const s of f.second) offsets.push(h * 3600 + m * 60 + s);
    this.offsets = [...new Set(offsets)].sort((a, b) => a - b);
  }

  /** The first instant strictly after `at` (local time, as node-cron fires without a time zone). */
  next(at: Date): Date {
    const dayStart = new Date(at.getFullYear(), at.getMonth(), at.getDate()).getTime();
    if (!this.firesOn(at)) return this.firstOnDayAfter(at);
    const second = Math.floor((at.getTime() - dayStart) / 1000);
    // Binary search: a per-second pattern has 86,400 offsets and the day soak asks for each.
    let lo = 0;
    let hi = this.offsets.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.offsets[mid] > second) hi = mid;
      else lo = mid + 1;
    }
    if (lo < this.offsets.length) return new Date(dayStart + this.offsets[lo] * 1000);
    return this.firstOnDayAfter(at);
  }

  private firesOn(day: Date): boolean {
    return this.days.dom.has(day.getDate()) && this.days.month.has(day.getMonth() + 1) && this.days.dow.has(day.getDay());
  }

  /** The first instant on the next day the pattern fires on (at most about eight years ahead: 29 February on a Monday). */
  private firstOnDayAfter(at: Date): Date {
    for (let d = 1; d <= 3_000; d++) {
      const day = new Date(at.getFullYear(), at.getMonth(), at.getDate() + d);
      if (this.firesOn(day)) return new Date(day.getTime() + this.offsets[0] * 1000);
    }
    throw new Error(`cron pattern ${this.pattern} never fires`);
  }

  /** The time from an occurrence to the next one: the job's period at that instant. */
  periodAt(occurrence: Date): number {
    return this.next(occurrence).getTime() - occurrence.getTime();
  }

  /** The shortest period of the pattern over a day. */
  shortestPeriodMs(): number {
    let best = DAY_S;
    for (let i = 0; i < this.offsets.length; i++) {
      const gap = i + 1 < this.offsets.length ? this.offsets[i + 1] - this.offsets[i] : DAY_S - this.offsets[i] + this.offsets[0];
      if (gap < best) best = gap;
    }
    return best * 1000;
  }

  /** Every instant in [from, to), in order. */
  *between(from: Date, to: Date): Generator<Date> {
    let at = this.next(new Date(from.getTime() - 1000));
    if (at.getTime() < from.getTime()) at = this.next(at);
    while (at.getTime() < to.getTime()) {
      yield at;
      at = this.next(at);
    }
  }
}
