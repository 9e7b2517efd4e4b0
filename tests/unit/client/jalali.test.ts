import { expect } from 'chai';
import {
  addMonths,
  buildMonthGrid,
  formatDate,
  formatDateTime,
  formatLunarDate,
  formatTimeAgo,
  isValidJalaliDate,
  JALALI_MAX_YEAR,
  JALALI_MIN_YEAR,
  jalaliToGregorian,
  jalaliToUtc,
  parseDateTimeInput,
  PERSIAN_MONTH_NAMES,
  timeAgoBucket,
  timeZoneOffsetMinutes,
  toPersianDigits,
  toUtcIso,
  utcToJalali,
  utcToZonedGregorian,
  weekdayFromSaturday,
  zonedGregorianToUtc,
} from '../../../client/src/shared/dates/jalali';

const iso = (d: Date) => d.toISOString();

describe('jalali dates', () => {
  describe('UTC ⇄ Jalali in Tehran', () => {
    it('2026-11-22T09:00:00Z is 1405/09/01 12:30 (Sunday) in Tehran', () => {
      expect(utcToJalali('2026-11-22T09:00:00Z')).to.deep.equal({
        year: 1405,
        month: 9,
        day: 1,
        hour: 12,
        minute: 30,
        second: 0,
        weekday: 1,
      });
      expect(iso(jalaliToUtc({ year: 1405, month: 9, day: 1, hour: 12, minute: 30 }))).to.equal('2026-11-22T09:00:00.000Z');
    });

    it('crosses Nowruz 1404 at Tehran midnight (1403 is leap: 1403/12/30 exists)', () => {
      expect(utcToJalali('2025-03-20T20:29:59Z')).to.include({ year: 1403, month: 12, day: 30, hour: 23, minute: 59, second: 59 });
      expect(utcToJalali('2025-03-20T20:30:00Z')).to.include({ year: 1404, month: 1, day: 1, hour: 0, minute: 0 });
      expect(iso(jalaliToUtc({ year: 1404, month: 1, day: 1 }))).to.equal('2025-03-20T20:30:00.000Z');
    });

    it('crosses Nowruz 1405 (1404 has 29 days in Esfand)', () => {
      expect(utcToJalali('2026-03-20T20:29:59Z')).to.include({ year: 1404, month: 12, day: 29 });
      expect(utcToJalali('2026-03-20T20:30:00Z')).to.include({ year: 1405, month: 1, day: 1, hour: 0 });
      expect(iso(jalaliToUtc({ year: 1405, month: 1, day: 1 }))).to.equal('2026-03-20T20:30:00.000Z');
      expect(isValidJalaliDate({ year: 1403, month: 12, day: 30 })).to.equal(true);
      expect(isValidJalaliDate({ year: 1404, month: 12, day: 30 })).to.equal(false);
    });

    it('uses historic daylight saving from Intl (+04:30 in summer 1399, none since 1401)', () => {
      expect(timeZoneOffsetMinutes('2020-06-01T00:00:00Z')).to.equal(270);
      expect(timeZoneOffsetMinutes('2020-01-01T00:00:00Z')).to.equal(210);
      expect(timeZoneOffsetMinutes('2024-06-01T00:00:00Z')).to.equal(210);
      expect(iso(jalaliToUtc({ year: 1399, month: 3, day: 12, hour: 10, minute: 0 }))).to.equal('2020-06-01T05:30:00.000Z');
      expect(utcToJalali('2020-06-01T05:30:00Z')).to.include({ year: 1399, month: 3, day: 12, hour: 10, minute: 0 });
    });

    it('round-trips many instants', () => {
      for (let t = Date.UTC(2019, 0, 1); t < Date.UTC(2027, 0, 1); t += 37 * 3_600_000 + 17 * 60_000) {
        const j = utcToJalali(t);
        expect(jalaliToUtc(j).getTime()).to.equal(t - (t % 1000));
      }
    });

    it('supports the library range -61..3177 and rejects years outside it', () => {
      expect([JALALI_MIN_YEAR, JALALI_MAX_YEAR]).to.deep.equal([-61, 3177]);
      expect(jalaliToGregorian({ year: 3177, month: 12, day: 29 })).to.deep.equal({ year: 3799, month: 3, day: 19 });
      expect(() => jalaliToUtc({ year: -61, month: 1, day: 1 })).to.not.throw();
      expect(() => jalaliToUtc({ year: 3178, month: 1, day: 1 })).to.throw(RangeError);
      expect(() => jalaliToUtc({ year: -62, month: 1, day: 1 })).to.throw(RangeError);
      expect(() => jalaliToUtc({ year: 1405, month: 13, day: 1 })).to.throw(RangeError);
    });

    it('converts wall-clock Gregorian time in other zones too', () => {
      expect(utcToZonedGregorian('2026-11-22T09:00:00Z', 'UTC')).to.include({ year: 2026, month: 11, day: 22, hour: 9 });
      expect(iso(zonedGregorianToUtc({ year: 2026, month: 11, day: 22, hour: 12, minute: 30 }))).to.equal('2026-11-22T09:00:00.000Z');
    });
  });

  describe('formatting', () => {
    it('fa ⇒ Jalali with Persian digits, en-US ⇒ Gregorian', () => {
      expect(formatDateTime('2026-11-22T09:00:00Z', 'fa')).to.equal('۱۴۰۵/۰۹/۰۱ ۱۲:۳۰');
      expect(formatDateTime('2026-11-22T09:00:00Z', 'en-US')).to.equal('2026-11-22 12:30');
      expect(formatDateTime('2026-11-22T09:00:05Z', 'fa', { withSeconds: true })).to.equal('۱۴۰۵/۰۹/۰۱ ۱۲:۳۰:۰۵');
      expect(formatDate('2026-11-22T09:00:00Z', 'fa')).to.equal('۱۴۰۵/۰۹/۰۱');
      expect(formatDate('2026-11-22T21:00:00Z', 'en-US')).to.equal('2026-11-23');
    });
    it('gives an empty string for missing or invalid input', () => {
      expect(formatDateTime(null, 'fa')).to.equal('');
      expect(formatDateTime(undefined, 'en-US')).to.equal('');
      expect(formatDateTime('not a date', 'fa')).to.equal('');
      expect(toUtcIso('nope')).to.equal(null);
      expect(toUtcIso('2026-11-22T12:30:00+03:30')).to.equal('2026-11-22T09:00:00.000Z');
    });
    it('writes Persian digits and knows the Persian month names', () => {
      expect(toPersianDigits('1405/09/01')).to.equal('۱۴۰۵/۰۹/۰۱');
      expect(PERSIAN_MONTH_NAMES).to.have.length(12);
      expect(PERSIAN_MONTH_NAMES[0]).to.equal('فروردین');
      expect(PERSIAN_MONTH_NAMES[8]).to.equal('آذر');
    });
    it('shows lunar dates through Intl', () => {
      expect(formatLunarDate('2026-11-22T09:00:00Z', 'en-US')).to.match(/1448/);
      expect(formatLunarDate('2026-11-22T09:00:00Z', 'fa')).to.match(/۱۴۴۸/);
      expect(formatLunarDate(null, 'fa')).to.equal('');
    });
  });

  describe('time ago', () => {
    const now = Date.parse('2026-11-22T09:00:00Z');
    const ago = (ms: number) => now - ms;
    const min = 60_000;
    const hour = 60 * min;
    const day = 24 * hour;
    it('buckets into moments, minutes, hours, days, months and years', () => {
      expect(timeAgoBucket(ago(59_000), now)).to.deep.equal({ unit: 'moments', count: 0 });
      expect(timeAgoBucket(ago(min), now)).to.deep.equal({ unit: 'minutes', count: 1 });
      expect(timeAgoBucket(ago(59 * min), now)).to.deep.equal({ unit: 'minutes', count: 59 });
      expect(timeAgoBucket(ago(hour), now)).to.deep.equal({ unit: 'hours', count: 1 });
      expect(timeAgoBucket(ago(23 * hour + 59 * min), now)).to.deep.equal({ unit: 'hours', count: 23 });
      expect(timeAgoBucket(ago(day), now)).to.deep.equal({ unit: 'days', count: 1 });
      expect(timeAgoBucket(ago(29 * day), now)).to.deep.equal({ unit: 'days', count: 29 });
      expect(timeAgoBucket(ago(30 * day), now)).to.deep.equal({ unit: 'months', count: 1 });
      expect(timeAgoBucket(ago(364 * day), now)).to.deep.equal({ unit: 'months', count: 11 });
      expect(timeAgoBucket(ago(365 * day), now)).to.deep.equal({ unit: 'years', count: 1 });
      expect(timeAgoBucket(ago(-5 * min), now)).to.deep.equal({ unit: 'moments', count: 0 });
    });
    it('speaks Persian and English', () => {
      expect(formatTimeAgo(ago(10_000), 'fa', now)).to.equal('لحظاتی پیش');
      expect(formatTimeAgo(ago(10_000), 'en-US', now)).to.equal('moments ago');
      expect(formatTimeAgo(ago(5 * min), 'fa', now)).to.equal('۵ دقیقه پیش');
      expect(formatTimeAgo(ago(min), 'en-US', now)).to.equal('1 minute ago');
      expect(formatTimeAgo(ago(5 * min), 'en-US', now)).to.equal('5 minutes ago');
      expect(formatTimeAgo(ago(3 * hour), 'fa', now)).to.equal('۳ ساعت پیش');
      expect(formatTimeAgo(ago(2 * day), 'en-US', now)).to.equal('2 days ago');
      expect(formatTimeAgo(ago(65 * day), 'fa', now)).to.equal('۲ ماه پیش');
      expect(formatTimeAgo(ago(800 * day), 'en-US', now)).to.equal('2 years ago');
      expect(formatTimeAgo(null, 'fa', now)).to.equal('');
    });
  });

  describe('month grids (week starts on Saturday)', () => {
    it('lays out Azar 1405 from Saturday 1405/08/30', () => {
      const weeks = buildMonthGrid('solar', 1405, 9);
      expect(weeks.every((w) => w.length === 7)).to.equal(true);
      expect(weeks[0][0]).to.deep.include({ date: { year: 1405, month: 8, day: 30 }, inMonth: false, weekday: 0 });
      expect(weeks[0][1]).to.deep.include({ date: { year: 1405, month: 9, day: 1 }, inMonth: true, weekday: 1 });
      expect(weeks[0][1].gregorian).to.deep.equal({ year: 2026, month: 11, day: 22 });
      expect(weeks.flat().filter((c) => c.inMonth)).to.have.length(30);
    });
    it('lays out Gregorian months the same way', () => {
      const weeks = buildMonthGrid('gregorian', 2026, 2);
      const inMonth = weeks.flat().filter((c) => c.inMonth);
      expect(inMonth).to.have.length(28);
      expect(weeks[0].findIndex((c) => c.inMonth)).to.equal(weekdayFromSaturday({ year: 2026, month: 2, day: 1 }));
      expect(weekdayFromSaturday({ year: 2026, month: 11, day: 21 })).to.equal(0);
      expect(weekdayFromSaturday({ year: 2026, month: 11, day: 27 })).to.equal(6);
    });
    it('adds months across years', () => {
      expect(addMonths({ year: 1405, month: 12 }, 1)).to.deep.equal({ year: 1406, month: 1 });
      expect(addMonths({ year: 1405, month: 1 }, -1)).to.deep.equal({ year: 1404, month: 12 });
      expect(addMonths({ year: 1405, month: 6 }, -18)).to.deep.equal({ year: 1403, month: 12 });
    });
  });

  describe('typed input', () => {
    it('parses Jalali text with Persian or Latin digits as Tehran time', () => {
      expect(iso(parseDateTimeInput('۱۴۰۵/۰۹/۰۱ ۱۲:۳۰', 'solar')!)).to.equal('2026-11-22T09:00:00.000Z');
      expect(iso(parseDateTimeInput('1405-9-1', 'solar')!)).to.equal('2026-11-21T20:30:00.000Z');
      expect(iso(parseDateTimeInput('٢٠٢٦/١١/٢٢ 12:30', 'gregorian')!)).to.equal('2026-11-22T09:00:00.000Z');
    });
    it('rejects invalid text', () => {
      expect(parseDateTimeInput('1404/12/30', 'solar')).to.equal(null);
      expect(parseDateTimeInput('2026/02/29', 'gregorian')).to.equal(null);
      expect(parseDateTimeInput('1405/09/01 24:00', 'solar')).to.equal(null);
      expect(parseDateTimeInput('hello', 'solar')).to.equal(null);
      expect(parseDateTimeInput('3178/01/01', 'solar')).to.equal(null);
    });
  });
});
