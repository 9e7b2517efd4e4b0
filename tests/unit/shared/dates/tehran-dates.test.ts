import { expect } from 'chai';
import { dayNumber } from '../../../../server/shared/dates/calendar-days.js';
import {
  fromJalali, gregorianDay, gregorianToJalali, isJalaliLeapYear, isValidJalaliDate, jalaliMonthEnd, jalaliMonthLength,
  jalaliText, jalaliToGregorian, toJalali,
} from '../../../../server/shared/dates/jalali.js';
import { tehranDay, tehranDayEnd, tehranDayOf, tehranDayStart, tehranTime } from '../../../../server/shared/dates/tehran-days.js';
import { instantOfWallTime, wallTimeOf, zoneOffsetMs, TEHRAN_ZONE } from '../../../../server/shared/dates/tehran-time.js';

const HOUR = 3_600_000;
const iso = (d: Date) => d.toISOString();

describe('Shared dates: Tehran wall time', () => {
  it('is +03:30 now and all through 2023 (no daylight saving since 1402)', () => {
    expect(TEHRAN_ZONE).to.equal('Asia/Tehran');
    for (let m = 0; m < 12; m++) expect(zoneOffsetMs(new Date(Date.UTC(2023, m, 15, 12)))).to.equal(3.5 * HOUR);
    expect(zoneOffsetMs(new Date('2023-03-21T20:30:00Z'))).to.equal(3.5 * HOUR);
    expect(zoneOffsetMs(new Date('2023-09-21T19:30:00Z'))).to.equal(3.5 * HOUR);
    expect(zoneOffsetMs(new Date('2026-07-01T00:00:00Z'))).to.equal(3.5 * HOUR);
  });

  it('switches to +04:30 at 00:00 of 2 Farvardin 1400 and back at 24:00 of 30 Shahrivar 1400 (2021)', () => {
    expect(zoneOffsetMs(new Date('2021-03-21T20:29:59.999Z'))).to.equal(3.5 * HOUR);
    expect(zoneOffsetMs(new Date('2021-03-21T20:30:00.000Z'))).to.equal(4.5 * HOUR);
    expect(zoneOffsetMs(new Date('2021-09-21T19:29:59.999Z'))).to.equal(4.5 * HOUR);
    expect(zoneOffsetMs(new Date('2021-09-21T19:30:00.000Z'))).to.equal(3.5 * HOUR);
    expect(wallTimeOf(new Date('2021-03-21T20:29:59Z'))).to.deep.equal({ year: 2021, month: 3, day: 21, hour: 23, minute: 59, second: 59 });
    expect(wallTimeOf(new Date('2021-03-21T20:30:00Z'))).to.deep.equal({ year: 2021, month: 3, day: 22, hour: 1, minute: 0, second: 0 });
    expect(wallTimeOf(new Date('2021-09-21T19:29:59Z'))).to.deep.equal({ year: 2021, month: 9, day: 21, hour: 23, minute: 59, second: 59 });
    expect(wallTimeOf(new Date('2021-09-21T19:30:00Z'))).to.deep.equal({ year: 2021, month: 9, day: 21, hour: 23, minute: 0, second: 0 });
  });

  it('keeps the older history of the zone database (+03:25:44 before 1935, +04:00 in late 1977)', () => {
    expect(zoneOffsetMs(new Date('1930-01-01T00:00:00Z'))).to.equal((3 * 3600 + 25 * 60 + 44) * 1000);
    expect(zoneOffsetMs(new Date('1978-01-01T00:00:00Z'))).to.equal(4 * HOUR);
    expect(zoneOffsetMs(new Date('2010-06-01T00:00:00Z'))).to.equal(4.5 * HOUR);
  });

  it('turns a wall time back into its instant; a skipped time resolves forward, a repeated one to its later occurrence', () => {
    expect(iso(instantOfWallTime({ year: 2026, month: 11, day: 22, hour: 12, minute: 30 }))).to.equal('2026-11-22T09:00:00.000Z');
    expect(iso(instantOfWallTime({ year: 2021, month: 6, day: 1 }))).to.equal('2021-05-31T19:30:00.000Z');
    expect(iso(instantOfWallTime({ year: 2021, month: 3, day: 22, hour: 1, minute: 15 }))).to.equal('2021-03-21T20:45:00.000Z');
    expect(iso(instantOfWallTime({ year: 2021, month: 3, day: 22, hour: 0, minute: 30 }))).to.equal('2021-03-21T21:00:00.000Z');
    expect(iso(instantOfWallTime({ year: 2021, month: 9, day: 21, hour: 23, minute: 30 }))).to.equal('2021-09-21T20:00:00.000Z');
    expect(iso(instantOfWallTime({ year: 2021, month: 1, day: 1 }, 'UTC'))).to.equal('2021-01-01T00:00:00.000Z');
  });

  it('round-trips every quarter hour of 2021 and 2023 outside the switch hours', () => {
    for (const year of [2021, 2023]) {
      for (let ms = Date.UTC(year, 0, 1); ms < Date.UTC(year + 1, 0, 1); ms += HOUR / 4) {
        const w = wallTimeOf(ms);
        if (year === 2021 && w.month === 9 && w.day === 21 && w.hour === 23) continue; // repeated hour
        expect(instantOfWallTime(w).getTime()).to.equal(ms);
      }
    }
  });
});

describe('Shared dates: Tehran days', () => {
  it('puts an instant on its Tehran day and knows where days start and end, 23 and 25 hours long in 2021', () => {
    expect(tehranDayOf(new Date('2026-11-24T20:29:59.999Z'))).to.equal('2026-11-24');
    expect(tehranDayOf(new Date('2026-11-24T20:30:00.000Z'))).to.equal('2026-11-25');
    expect(tehranDay(new Date('2020-06-01T19:30:00Z'))).to.equal(dayNumber('2020-06-02'));
    expect(iso(tehranDayStart('2023-06-01'))).to.equal('2023-05-31T20:30:00.000Z');
    expect(iso(tehranDayStart('2021-06-01'))).to.equal('2021-05-31T19:30:00.000Z');
    expect(iso(tehranDayEnd('2023-06-01'))).to.equal('2023-06-01T20:29:59.999Z');
    expect(tehranDayEnd('2021-03-22').getTime() + 1 - tehranDayStart('2021-03-22').getTime()).to.equal(23 * HOUR);
    expect(tehranDayEnd('2021-09-21').getTime() + 1 - tehranDayStart('2021-09-21').getTime()).to.equal(25 * HOUR);
    expect(tehranDayEnd(dayNumber('2023-03-22')).getTime() + 1 - tehranDayStart(dayNumber('2023-03-22')).getTime()).to.equal(24 * HOUR);
    expect(Number.isNaN(tehranDayStart('2023-02-30').getTime())).to.equal(true);
    expect(iso(tehranTime(dayNumber('2025-03-21'), 9, 0))).to.equal('2025-03-21T05:30:00.000Z');
    expect(iso(tehranTime(dayNumber('2021-06-01'), 9, 0))).to.equal('2021-06-01T04:30:00.000Z');
  });
});

describe('Shared dates: the Jalali calendar', () => {
  it('converts Nowruz days both ways', () => {
    const nowruz: [number, string][] = [[1399, '2020-03-20'], [1400, '2021-03-21'], [1402, '2023-03-21'], [1403, '2024-03-20'], [1404, '2025-03-21']];
    for (const [jy, day] of nowruz) {
      const [year, month, d] = day.split('-').map(Number);
      expect(gregorianToJalali({ year, month, day: d })).to.deep.equal({ year: jy, month: 1, day: 1 });
      expect(jalaliToGregorian({ year: jy, month: 1, day: 1 })).to.deep.equal({ year, month, day: d });
      expect(toJalali(dayNumber(day))).to.deep.equal({ jy, jm: 1, jd: 1 });
      expect(fromJalali({ jy, jm: 1, jd: 1 })).to.equal(dayNumber(day));
      expect(gregorianDay({ year, month, day: d })).to.equal(dayNumber(day));
    }
    expect(gregorianToJalali({ year: 1990, month: 5, day: 12 })).to.deep.equal({ year: 1369, month: 2, day: 22 });
  });

  it('knows leap years and month ends: Esfand 30 in 1399 and 1403, 29 in 1402 and 1404', () => {
    expect([1399, 1400, 1401, 1402, 1403, 1404, 1408].map(isJalaliLeapYear)).to.deep.equal([true, false, false, false, true, false, true]);
    expect(jalaliMonthLength(1403, 1)).to.equal(31);
    expect(jalaliMonthLength(1403, 6)).to.equal(31);
    expect(jalaliMonthLength(1403, 7)).to.equal(30);
    expect(jalaliMonthLength(1403, 11)).to.equal(30);
    expect(jalaliMonthLength(1403, 12)).to.equal(30);
    expect(jalaliMonthLength(1402, 12)).to.equal(29);
    expect(jalaliMonthEnd(1403, 12)).to.equal(dayNumber('2025-03-20'));
    expect(jalaliMonthEnd(1402, 12)).to.equal(dayNumber('2024-03-19'));
    expect(jalaliMonthEnd(1403, 6)).to.equal(dayNumber('2024-09-21'));
    expect(isValidJalaliDate({ year: 1403, month: 12, day: 30 })).to.equal(true);
    expect(isValidJalaliDate({ year: 1402, month: 12, day: 30 })).to.equal(false);
    expect(isValidJalaliDate({ year: 1402, month: 7, day: 31 })).to.equal(false);
    expect(() => jalaliToGregorian({ year: 1402, month: 12, day: 30 })).to.throw(RangeError);
    expect(() => fromJalali({ jy: 1402, jm: 12, jd: 30 })).to.throw('no such Jalali date 1402/12/30');
  });

  it('walks every day from 1340 to 1460 both ways without a gap', () => {
    let day = fromJalali({ jy: 1340, jm: 1, jd: 1 });
    for (let jy = 1340; jy < 1460; jy++) {
      for (let jm = 1; jm <= 12; jm++) {
        for (let jd = 1; jd <= jalaliMonthLength(jy, jm); jd++, day++) {
          expect(toJalali(day)).to.deep.equal({ jy, jm, jd });
        }
      }
    }
    expect(jalaliText({ jy: 1403, jm: 1, jd: 1 })).to.equal('1403/01/01');
  });
});
