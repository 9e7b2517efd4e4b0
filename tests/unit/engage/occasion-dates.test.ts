import { expect } from 'chai';
import { contactDate, contactIsDue, dueDay, eventFallsOn, fallsOn, fromJalali, toJalali, validEventDate } from '../../../server/modules/engage/occasion-dates.js';
import { dayString } from '../../../server/shared/dates/calendar-days.js';

/** The epoch day of a Jalali date, and its Gregorian YYYY-MM-DD. */
const j = (jy: number, jm: number, jd: number) => fromJalali({ jy, jm, jd });

describe('Occasion due dates (Jalali arithmetic, Tehran days)', () => {
  it('converts Jalali dates both ways at the year and month edges', () => {
    expect(dayString(j(1405, 1, 1))).to.equal('2026-03-21');
    expect(dayString(j(1404, 12, 29))).to.equal('2026-03-20');
    expect(dayString(j(1403, 12, 30))).to.equal('2025-03-20');
    expect(dayString(j(1405, 6, 31))).to.equal('2026-09-22');
    expect(dayString(j(1405, 7, 1))).to.equal('2026-09-23');
    expect(toJalali(j(1408, 12, 30))).to.deep.equal({ jy: 1408, jm: 12, jd: 30 });
    expect(() => j(1404, 12, 30)).to.throw('no such Jalali date');
  });

  it('counts days before across the end of a 31-day month (Shahrivar 31 → Mehr 1) and of the year', () => {
    expect(dueDay(j(1405, 6, 30), 1)).to.deep.equal({ jy: 1405, jm: 6, jd: 31 });
    expect(dueDay(j(1405, 6, 31), 1)).to.deep.equal({ jy: 1405, jm: 7, jd: 1 });
    expect(dueDay(j(1405, 6, 29), 3)).to.deep.equal({ jy: 1405, jm: 7, jd: 1 });
    // Mehr has 30 days: the 30th is followed by Aban 1.
    expect(dueDay(j(1405, 7, 30), 1)).to.deep.equal({ jy: 1405, jm: 8, jd: 1 });
    expect(dueDay(j(1404, 12, 28), 2)).to.deep.equal({ jy: 1405, jm: 1, jd: 1 });
    expect(dueDay(j(1403, 12, 29), 1)).to.deep.equal({ jy: 1403, jm: 12, jd: 30 });
  });

  it('puts a yearly Esfand 30 on Esfand 29 in a common year and on the 30th in a leap year', () => {
    expect(fallsOn(12, 30, 1404)).to.equal(29);
    expect(fallsOn(12, 30, 1403)).to.equal(30);
    expect(fallsOn(6, 31, 1404)).to.equal(31);
    const yearly = { year: null, month: 12, day: 30 };
    expect(eventFallsOn(yearly, { jy: 1404, jm: 12, jd: 29 })).to.equal(true);
    expect(eventFallsOn(yearly, { jy: 1403, jm: 12, jd: 29 })).to.equal(false);
    expect(eventFallsOn(yearly, { jy: 1403, jm: 12, jd: 30 })).to.equal(true);
    // A dated event happens once.
    expect(eventFallsOn({ year: 1405, month: 4, day: 4 }, { jy: 1405, jm: 4, jd: 4 })).to.equal(true);
    expect(eventFallsOn({ year: 1405, month: 4, day: 4 }, { jy: 1406, jm: 4, jd: 4 })).to.equal(false);
  });

  it('reads a birthdate (calendar day) and a Datetime field (the instant a Tehran day starts) as Jalali days', () => {
    expect(contactDate('1990-05-12')).to.deep.equal({ jy: 1369, jm: 2, jd: 22 });
    // Mehr 1, 1405 starts in Tehran at 2026-09-22T20:30:00Z: the UTC date is still Shahrivar 31.
    expect(contactDate('2026-09-22T20:30:00.000Z')).to.deep.equal({ jy: 1405, jm: 7, jd: 1 });
    expect(contactDate(null)).to.equal(null);
    expect(contactDate('not a date')).to.equal(null);
  });

  it('a contact is due every year, or on that exact day with toConsiderYear', () => {
    // Born Esfand 30, 1399 (a leap year): 2021-03-20.
    const born = dayString(j(1399, 12, 30));
    expect(contactIsDue(born, false, { jy: 1404, jm: 12, jd: 29 })).to.equal(true);
    expect(contactIsDue(born, false, { jy: 1403, jm: 12, jd: 29 })).to.equal(false);
    expect(contactIsDue(born, false, { jy: 1403, jm: 12, jd: 30 })).to.equal(true);
    expect(contactIsDue(born, true, { jy: 1403, jm: 12, jd: 30 })).to.equal(false);
    expect(contactIsDue(born, true, { jy: 1399, jm: 12, jd: 30 })).to.equal(true);
  });

  it('accepts only real Jalali dates for events', () => {
    expect(validEventDate({ year: null, month: 12, day: 30 })).to.equal(true);
    expect(validEventDate({ year: null, month: 7, day: 31 })).to.equal(false);
    expect(validEventDate({ year: 1404, month: 12, day: 30 })).to.equal(false);
    expect(validEventDate({ year: 1403, month: 12, day: 30 })).to.equal(true);
    expect(validEventDate({ year: null, month: 13, day: 1 })).to.equal(false);
  });
});
