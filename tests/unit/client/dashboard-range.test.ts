import { expect } from 'chai';
import { dayLabel, dayOfPick, defaultPicks, inReadingOrder, pickOfDay, rangeOfPicks } from '../../../client/src/features/dashboard/dashboard-range';
import { jalaliToUtc } from '../../../client/src/shared/dates/jalali';
import { daysBetween } from '../../../server/shared/insight/dashboard-days';

/** What the Jalali picker (without time) answers for a day: its midnight in Tehran, in UTC. */
const picked = (year: number, month: number, day: number) => jalaliToUtc({ year, month, day }).toISOString();

describe('Dashboard range: Jalali picks and Tehran days', () => {
  it('turns a picked Jalali day into the Tehran day the server counts, and back', () => {
    expect(picked(1405, 9, 4)).to.equal('2026-11-24T20:30:00.000Z');
    expect(dayOfPick(picked(1405, 9, 4))).to.equal('2026-11-25');
    expect(pickOfDay('2026-11-25')).to.equal(picked(1405, 9, 4));
    // A summer day before 2022: Tehran was on +04:30.
    expect(pickOfDay('2020-06-01')).to.equal('2020-05-31T19:30:00.000Z');
    expect(dayOfPick(pickOfDay('2020-06-01'))).to.equal('2020-06-01');
  });

  it('asks for the days of a Jalali range across Esfand 30 of a leap year and Nowruz', () => {
    const result = rangeOfPicks({ fromDate: picked(1403, 12, 25), toDate: picked(1404, 1, 4) });
    expect(result).to.deep.equal({ range: { fromDate: '2025-03-15', toDate: '2025-03-24' } });
    const days = daysBetween('2025-03-15', '2025-03-24');
    expect(days.map((d) => dayLabel(d, 'fa'))).to.deep.equal([
      '۲۵ اسفند', '۲۶ اسفند', '۲۷ اسفند', '۲۸ اسفند', '۲۹ اسفند', '۳۰ اسفند', '۱ فروردین', '۲ فروردین', '۳ فروردین', '۴ فروردین',
    ]);
    expect(dayLabel('2025-03-20', 'en-US')).to.equal('Mar 20');
  });

  it('refuses a missing end, an end before the start and more than 90 days, as the server would', () => {
    expect(rangeOfPicks({ fromDate: picked(1405, 9, 1), toDate: null })).to.deep.equal({ problem: 'bothDates' });
    expect(rangeOfPicks({ fromDate: picked(1405, 9, 2), toDate: picked(1405, 9, 1) })).to.deep.equal({ problem: 'endBeforeStart' });
    // Mehr 1 … Azar 30 is 90 days (Mehr, Aban and Azar have 30 days each); Dey 1 is the 91st.
    expect(rangeOfPicks({ fromDate: picked(1405, 7, 1), toDate: picked(1405, 10, 1) })).to.deep.equal({ problem: 'tooLong' });
    expect(rangeOfPicks({ fromDate: picked(1405, 7, 1), toDate: picked(1405, 9, 30) })).to.deep.equal({ range: { fromDate: '2026-09-23', toDate: '2026-12-21' } });
  });

  it('starts on the last ten Tehran days and draws the first day at the right in Persian', () => {
    const picks = defaultPicks(new Date('2026-11-24T21:00:00Z')); // 00:30 on 1405/09/05 in Tehran
    expect(rangeOfPicks(picks)).to.deep.equal({ range: { fromDate: '2026-11-16', toDate: '2026-11-25' } });
    expect(inReadingOrder(['a', 'b', 'c'], 'fa')).to.deep.equal(['c', 'b', 'a']);
    expect(inReadingOrder(['a', 'b', 'c'], 'en-US')).to.deep.equal(['a', 'b', 'c']);
  });
});
