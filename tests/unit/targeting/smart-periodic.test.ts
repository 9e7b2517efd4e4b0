import { expect } from 'chai';
import { dailyLeft, MAX_OCCURRENCES, nextStep, stepStart, tehranWeekDay } from '../../../server/modules/targeting/smart-periodic.js';

describe('periodic smart requests: when occurrences fall and what a day has left', () => {
  // 2026-11-28 is a Saturday; 10:00 Tehran = 06:30 UTC.
  const start = new Date('2026-11-28T06:30:00Z');

  it('counts Tehran week days from Saturday = 0', () => {
    expect(tehranWeekDay(start)).to.equal(0);
    expect(tehranWeekDay(new Date('2026-12-04T06:30:00Z'))).to.equal(6);
    // 23:00 UTC Friday is already Saturday in Tehran.
    expect(tehranWeekDay(new Date('2026-12-04T21:00:00Z'))).to.equal(0);
  });

  it('steps by day, week or month; ends at repeatCount or endDate', () => {
    expect(stepStart({ periodType: 'Daily' }, start, 2).toISOString()).to.equal('2026-11-30T06:30:00.000Z');
    expect(stepStart({ periodType: 'Weekly' }, start, 1).toISOString()).to.equal('2026-12-05T06:30:00.000Z');
    // 7 Azar 1405 → 7 Bahman 1405, 10:00 Tehran (was 2027-01-28 by UTC Gregorian months, before months became Jalali).
    expect(stepStart({ periodType: 'Monthly' }, start, 2).toISOString()).to.equal('2027-01-27T06:30:00.000Z');
    expect(nextStep({ periodType: 'Daily', repeatCount: 2 }, start, null, 0)).to.deep.equal({ step: 0, at: start });
    expect(nextStep({ periodType: 'Daily', repeatCount: 2 }, start, 0, 1)?.step).to.equal(1);
    expect(nextStep({ periodType: 'Daily', repeatCount: 2 }, start, 1, 2)).to.equal(null);
    expect(nextStep({ periodType: 'Daily', endDate: '2026-11-29T23:00:00Z' }, start, 1, 2)).to.equal(null);
    expect(nextStep({ periodType: 'Daily' }, start, 500, MAX_OCCURRENCES)).to.equal(null);
  });

  it('steps months by the Tehran Jalali calendar day, clamped to a shorter month\'s last day', () => {
    const monthly = { periodType: 'Monthly' as const };
    // 31 Shahrivar 1405, 10:00 Tehran: Mehr and Aban have 30 days, so the 30th; the wall time stays 10:00.
    const lastOfShahrivar = new Date('2026-09-22T06:30:00Z');
    expect(stepStart(monthly, lastOfShahrivar, 1).toISOString()).to.equal('2026-10-22T06:30:00.000Z');
    expect(stepStart(monthly, lastOfShahrivar, 2).toISOString()).to.equal('2026-11-21T06:30:00.000Z');
    // 30 Bahman 1404 → 29 Esfand (1404 is not a leap year).
    expect(stepStart(monthly, new Date('2026-02-19T06:30:00Z'), 1).toISOString()).to.equal('2026-03-20T06:30:00.000Z');
    // 01:00 Tehran on 1 Dey is still the 21st in UTC: the next is 1 Bahman 01:00 Tehran, not UTC's 21st (2 Bahman).
    expect(stepStart(monthly, new Date('2026-12-21T21:30:00Z'), 1).toISOString()).to.equal('2027-01-20T21:30:00.000Z');
    expect(nextStep({ periodType: 'Monthly', repeatCount: 3 }, lastOfShahrivar, 0, 1)).to.deep.equal({ step: 1, at: new Date('2026-10-22T06:30:00Z') });
  });

  it('keeps only the named week days (weekly or daily)', () => {
    // Monday (2) and Wednesday (4) after Saturday the 28th: the 30th and 2 December.
    const rule = { periodType: 'Weekly' as const, weekDays: [2, 4] };
    const first = nextStep(rule, start, null, 0)!;
    expect(first.at.toISOString()).to.equal('2026-11-30T06:30:00.000Z');
    expect(nextStep(rule, start, first.step, 1)!.at.toISOString()).to.equal('2026-12-02T06:30:00.000Z');
  });

  it("a day's cap less what that Tehran day's occurrences count", () => {
    const at = new Date('2026-11-28T18:00:00Z'); // 21:30 Tehran, the 28th
    const occ = [
      { startDatetime: new Date('2026-11-28T06:30:00Z'), counted: 30 },
      { startDatetime: '2026-11-28T10:00:00.000Z', counted: 50 },
      { startDatetime: new Date('2026-11-28T21:00:00Z'), counted: 99 }, // 00:30 Tehran on the 29th
    ];
    expect(dailyLeft(100, occ, at)).to.equal(20);
    expect(dailyLeft(60, occ, at)).to.equal(0);
    expect(dailyLeft(100, occ, new Date('2026-11-29T06:30:00Z'))).to.equal(1);
  });
});
