import { expect } from 'chai';
import * as jalaali from 'jalaali-js';
import {
  ALL_DAYS, dayNumber, iranWeekday, jalaliMonthLength, MAX_FREQUENT_OCCURRENCES, MIN_MINUTE_PERIOD, nextOccurrence, scheduleIssues, shortestGapMinutes,
  tehranDay, tehranTime, toJalali, upcomingOccurrences,
  type PeriodicSchedule,
} from '../../../server/modules/messaging/periodic/periodic-schedule.js';

const base: PeriodicSchedule = { periodType: 'Daily', period: 1, daysOfWeek: ALL_DAYS, sendHour: 9, sendMinute: 0, startDate: '2026-11-22' };
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
// 2026-11-22 is a Sunday (Iranian weekday 1) and 1405/09/01.
const created = new Date('2026-11-21T12:00:00Z');

describe('periodic schedule: when occurrences fall (Tehran time)', () => {
  it('converts Tehran wall time at +03:30 (no DST since 2022) and knew the old DST', () => {
    expect(tehranTime(dayNumber('2026-11-22'), 9, 0).toISOString()).to.equal('2026-11-22T05:30:00.000Z');
    expect(tehranTime(dayNumber('2026-07-01'), 9, 0).toISOString(), 'summer 2026: no DST').to.equal('2026-07-01T05:30:00.000Z');
    expect(tehranTime(dayNumber('2021-07-01'), 9, 0).toISOString(), 'summer 2021 was +04:30').to.equal('2021-07-01T04:30:00.000Z');
    expect(tehranDay(new Date('2026-11-22T20:29:00Z'))).to.equal(dayNumber('2026-11-22'));
    expect(tehranDay(new Date('2026-11-22T20:31:00Z')), 'after midnight in Tehran').to.equal(dayNumber('2026-11-23'));
  });

  it('numbers weekdays Saturday = 0 … Friday = 6', () => {
    expect(iranWeekday(dayNumber('2026-11-21'))).to.equal(0); // Saturday
    expect(iranWeekday(dayNumber('2026-11-22'))).to.equal(1);
    expect(iranWeekday(dayNumber('2026-11-27'))).to.equal(6); // Friday
  });

  it('matches the Jalali calendar of jalaali-js over fifteen years', () => {
    for (let day = dayNumber('2020-01-01'); day < dayNumber('2035-01-01'); day += 1) {
      const g = new Date(day * 86_400_000);
      const want = jalaali.toJalaali(g.getUTCFullYear(), g.getUTCMonth() + 1, g.getUTCDate());
      const got = toJalali(day);
      if (got.jy !== want.jy || got.jm !== want.jm || got.jd !== want.jd) expect.fail(`${g.toISOString()}: ${JSON.stringify(got)} ≠ ${JSON.stringify(want)}`);
    }
    for (const jy of [1403, 1404, 1405, 1408]) expect(jalaliMonthLength(jy, 12)).to.equal(jalaali.jalaaliMonthLength(jy, 12));
    expect(toJalali(dayNumber('2026-11-22'))).to.deep.equal({ jy: 1405, jm: 9, jd: 1 });
  });

  it('daily: every day at the hour, the first one after the given instant', () => {
    expect(iso(upcomingOccurrences(base, created, 3))).to.deep.equal(['2026-11-22T05:30:00.000Z', '2026-11-23T05:30:00.000Z', '2026-11-24T05:30:00.000Z']);
    // Created on the start day after the hour: the first occurrence is the next day.
    expect(nextOccurrence(base, new Date('2026-11-22T06:00:00Z'))!.toISOString()).to.equal('2026-11-23T05:30:00.000Z');
    // Exactly at an occurrence: strictly after it.
    expect(nextOccurrence(base, new Date('2026-11-22T05:30:00Z'))!.toISOString()).to.equal('2026-11-23T05:30:00.000Z');
  });

  it('daily every 2 days counts from the start date and skips days outside the pattern', () => {
    const every2 = { ...base, period: 2, sendHour: 22, sendMinute: 15 };
    // 22:15 Tehran is 18:45 UTC the same day.
    expect(iso(upcomingOccurrences(every2, created, 3))).to.deep.equal(['2026-11-22T18:45:00.000Z', '2026-11-24T18:45:00.000Z', '2026-11-26T18:45:00.000Z']);
    // Without Thursdays (5): 2026-11-26 is a Thursday, so it is skipped.
    const noThursday = { ...every2, daysOfWeek: [0, 1, 2, 3, 4, 6] };
    expect(iso(upcomingOccurrences(noThursday, created, 3))).to.deep.equal(['2026-11-22T18:45:00.000Z', '2026-11-24T18:45:00.000Z', '2026-11-28T18:45:00.000Z']);
  });

  it('weekly: the chosen weekdays of every N-th Iranian week', () => {
    // Saturday and Wednesday, every week, from Sunday 2026-11-22: Wed 25, Sat 28, Wed Dec 2.
    const weekly: PeriodicSchedule = { ...base, periodType: 'Weekly', daysOfWeek: [0, 4] };
    expect(iso(upcomingOccurrences(weekly, created, 3))).to.deep.equal(['2026-11-25T05:30:00.000Z', '2026-11-28T05:30:00.000Z', '2026-12-02T05:30:00.000Z']);
    // Every 2nd week: the week of Sat 2026-11-21 counts, the week of Sat 28 is skipped, the week of Sat Dec 5 counts.
    const biweekly = { ...weekly, period: 2 };
    expect(iso(upcomingOccurrences(biweekly, created, 3))).to.deep.equal(['2026-11-25T05:30:00.000Z', '2026-12-05T05:30:00.000Z', '2026-12-09T05:30:00.000Z']);
  });

  it('monthly: the same Jalali day, the last day of a shorter month', () => {
    // 2026-09-22 is 1405/06/31; Mehr, Aban and Azar have 30 days, Esfand 1405 has 29.
    const monthly: PeriodicSchedule = { ...base, periodType: 'Monthly', startDate: '2026-09-22' };
    const got = upcomingOccurrences(monthly, new Date('2026-09-01T00:00:00Z'), 8).map((d) => toJalali(tehranDay(d)));
    expect(got).to.deep.equal([
      { jy: 1405, jm: 6, jd: 31 }, { jy: 1405, jm: 7, jd: 30 }, { jy: 1405, jm: 8, jd: 30 }, { jy: 1405, jm: 9, jd: 30 },
      { jy: 1405, jm: 10, jd: 30 }, { jy: 1405, jm: 11, jd: 30 }, { jy: 1405, jm: 12, jd: 29 }, { jy: 1406, jm: 1, jd: 31 },
    ]);
    // Every 3 months from 1405/09/01.
    const quarterly = { ...monthly, startDate: '2026-11-22', period: 3 };
    expect(upcomingOccurrences(quarterly, created, 3).map((d) => toJalali(tehranDay(d)))).to.deep.equal([
      { jy: 1405, jm: 9, jd: 1 }, { jy: 1405, jm: 12, jd: 1 }, { jy: 1406, jm: 3, jd: 1 },
    ]);
  });

  it('stops at the end date (inclusive) and after maxOccurrences', () => {
    const ending = { ...base, endDate: '2026-11-24' };
    expect(upcomingOccurrences(ending, created, 10)).to.have.length(3);
    expect(nextOccurrence(ending, new Date('2026-11-24T06:00:00Z'))).to.equal(null);
    const limited = { ...base, maxOccurrences: 2 };
    expect(upcomingOccurrences(limited, created, 10)).to.have.length(2);
    expect(nextOccurrence(limited, created, 2)).to.equal(null);
    expect(nextOccurrence(limited, created, 1)!.toISOString()).to.equal('2026-11-22T05:30:00.000Z');
    // A pattern no candidate day matches before the end: none.
    expect(nextOccurrence({ ...base, endDate: '2026-11-23', daysOfWeek: [6] }, created)).to.equal(null);
  });

  it('validates: at least one day, hour range, end not before start', () => {
    expect(scheduleIssues(base)).to.deep.equal([]);
    const bad = scheduleIssues({ ...base, daysOfWeek: [], sendHour: 24, startDate: '2026-11-22', endDate: '2026-11-21', period: 0 });
    expect(bad.map((i) => i.propertyName)).to.deep.equal(['daysOfWeek', 'sendHour', 'period', 'endDate']);
    expect(scheduleIssues({ ...base, startDate: '2026-02-30' }).map((i) => i.key)).to.deep.equal(['messaging.periodicDate']);
    expect(scheduleIssues({ ...base, endDate: '2026-11-22' }), 'a one-day series').to.deep.equal([]);
  });

  it('minute: fixed steps from the anchor (sendHour:sendMinute on the start date), strictly after the instant', () => {
    const minute: PeriodicSchedule = { ...base, periodType: 'Minute', period: 15, maxOccurrences: 10 };
    expect(iso(upcomingOccurrences(minute, created, 3))).to.deep.equal(['2026-11-22T05:30:00.000Z', '2026-11-22T05:45:00.000Z', '2026-11-22T06:00:00.000Z']);
    expect(nextOccurrence(minute, new Date('2026-11-22T05:50:00Z'))!.toISOString()).to.equal('2026-11-22T06:00:00.000Z');
    expect(nextOccurrence(minute, new Date('2026-11-22T05:45:00Z'))!.toISOString(), 'exactly at a step').to.equal('2026-11-22T06:00:00.000Z');
    // The cap counts made occurrences: the 10th is the last.
    expect(nextOccurrence(minute, created, 9)!.toISOString()).to.equal('2026-11-22T05:30:00.000Z');
    expect(nextOccurrence(minute, created, 10)).to.equal(null);
  });

  it('hour: steps run on across Tehran midnight; a day outside the pattern jumps to the next allowed day', () => {
    const every5: PeriodicSchedule = { ...base, periodType: 'Hour', period: 5, maxOccurrences: 100 };
    // 09:00, 14:00, 19:00 and 00:00 Tehran (the next day), not reset at midnight.
    expect(iso(upcomingOccurrences(every5, created, 4))).to.deep.equal(['2026-11-22T05:30:00.000Z', '2026-11-22T10:30:00.000Z', '2026-11-22T15:30:00.000Z', '2026-11-22T20:30:00.000Z']);
    expect(tehranDay(new Date('2026-11-22T20:30:00Z')), '00:00 Tehran is the next day').to.equal(dayNumber('2026-11-23'));
    // Hourly from Sunday 22:00 Tehran without Mondays (2): 22:00, 23:00, then Tuesday 00:00 Tehran.
    const hourly: PeriodicSchedule = { ...base, periodType: 'Hour', period: 1, sendHour: 22, daysOfWeek: [0, 1, 3, 4, 5, 6], maxOccurrences: 100 };
    expect(iso(upcomingOccurrences(hourly, created, 3))).to.deep.equal(['2026-11-22T18:30:00.000Z', '2026-11-22T19:30:00.000Z', '2026-11-23T20:30:00.000Z']);
    // The end date is a Tehran day: the last step is 23:00 Tehran of that day.
    const ending = { ...hourly, daysOfWeek: ALL_DAYS, endDate: '2026-11-22' };
    expect(iso(upcomingOccurrences(ending, created, 5))).to.deep.equal(['2026-11-22T18:30:00.000Z', '2026-11-22T19:30:00.000Z']);
  });

  it('hour: elapsed time across the old DST change (the wall clock moved, the steps did not)', () => {
    // Iran left DST at the end of 2021-09-21 (+04:30 → +03:30): 24 elapsed hours after 09:00 is 08:00.
    const daily24: PeriodicSchedule = { ...base, periodType: 'Hour', period: 24, startDate: '2021-09-21', maxOccurrences: 5 };
    const [a, b] = upcomingOccurrences(daily24, new Date('2021-09-01T00:00:00Z'), 2);
    expect(a.toISOString()).to.equal('2021-09-21T04:30:00.000Z');
    expect(b.getTime() - a.getTime()).to.equal(24 * 3_600_000);
    expect(b.toISOString()).to.equal(tehranTime(dayNumber('2021-09-22'), 8, 0).toISOString());
  });

  it('yearly: the same Jalali month and day; Esfand 30 is Esfand 29 in a common year', () => {
    const yearly: PeriodicSchedule = { ...base, periodType: 'Yearly' };
    expect(upcomingOccurrences(yearly, created, 3).map((d) => toJalali(tehranDay(d)))).to.deep.equal([
      { jy: 1405, jm: 9, jd: 1 }, { jy: 1406, jm: 9, jd: 1 }, { jy: 1407, jm: 9, jd: 1 },
    ]);
    // Jalali, not Gregorian: 1405/09/01 is 2026-11-22, 1406/09/01 is 2027-11-22 but 1407/09/01 is 2028-11-21.
    expect(iso(upcomingOccurrences(yearly, created, 3))).to.deep.equal(['2026-11-22T05:30:00.000Z', '2027-11-22T05:30:00.000Z', '2028-11-21T05:30:00.000Z']);
    // 2025-03-20 is 1403/12/30 (1403 is a leap year; the next is 1408).
    const esfand30: PeriodicSchedule = { ...base, periodType: 'Yearly', startDate: '2025-03-20' };
    expect(toJalali(dayNumber('2025-03-20'))).to.deep.equal({ jy: 1403, jm: 12, jd: 30 });
    expect(upcomingOccurrences(esfand30, new Date('2025-03-01T00:00:00Z'), 6).map((d) => toJalali(tehranDay(d)))).to.deep.equal([
      { jy: 1403, jm: 12, jd: 30 }, { jy: 1404, jm: 12, jd: 29 }, { jy: 1405, jm: 12, jd: 29 },
      { jy: 1406, jm: 12, jd: 29 }, { jy: 1407, jm: 12, jd: 29 }, { jy: 1408, jm: 12, jd: 30 },
    ]);
    const every2 = { ...yearly, period: 2 };
    expect(upcomingOccurrences(every2, created, 3).map((d) => toJalali(tehranDay(d)).jy)).to.deep.equal([1405, 1407, 1409]);
  });

  it('validates the frequent periods: a minimum Minute period and a named, capped number of submissions', () => {
    const minute: PeriodicSchedule = { ...base, periodType: 'Minute', period: MIN_MINUTE_PERIOD, maxOccurrences: 10 };
    expect(scheduleIssues(minute)).to.deep.equal([]);
    expect(scheduleIssues({ ...minute, period: MIN_MINUTE_PERIOD - 1 }).map((i) => [i.propertyName, i.key])).to.deep.equal([['period', 'messaging.periodicMinutePeriod']]);
    expect(scheduleIssues({ ...minute, maxOccurrences: null }).map((i) => [i.propertyName, i.key])).to.deep.equal([['maxOccurrences', 'messaging.periodicFrequentCap']]);
    const hour: PeriodicSchedule = { ...base, periodType: 'Hour', period: 1, maxOccurrences: MAX_FREQUENT_OCCURRENCES };
    expect(scheduleIssues(hour)).to.deep.equal([]);
    expect(scheduleIssues({ ...hour, maxOccurrences: MAX_FREQUENT_OCCURRENCES + 1 }).map((i) => i.key)).to.deep.equal(['messaging.periodicFrequentCap']);
    expect(scheduleIssues({ ...base, periodType: 'Yearly' }), 'Yearly needs no cap').to.deep.equal([]);
  });

  it('the shortest gap between occurrences bounds a gradual occurrence', () => {
    expect(shortestGapMinutes({ ...base, periodType: 'Minute', period: 30 })).to.equal(30);
    expect(shortestGapMinutes({ ...base, periodType: 'Hour', period: 2 })).to.equal(120);
    expect(shortestGapMinutes({ ...base, period: 3 })).to.equal(3 * 1440);
    expect(shortestGapMinutes({ ...base, periodType: 'Weekly', daysOfWeek: [0, 1] }), 'consecutive days').to.equal(1440);
    expect(shortestGapMinutes({ ...base, periodType: 'Weekly', daysOfWeek: [2], period: 2 })).to.equal(14 * 1440);
    expect(shortestGapMinutes({ ...base, periodType: 'Monthly' })).to.equal(29 * 1440);
    expect(shortestGapMinutes({ ...base, periodType: 'Yearly' })).to.equal(365 * 1440);
  });
});
