import { expect } from 'chai';
import { defaultReportPicks, periodLabel, reportRangeOfPicks } from '../../../client/src/features/reports/reports-range';
import { dayOfPick } from '../../../client/src/features/dashboard/dashboard-range';
import { jalaliToUtc } from '../../../client/src/shared/dates/jalali';

const picked = (year: number, month: number, day: number) => jalaliToUtc({ year, month, day }).toISOString();

describe('Reports range: Jalali picks, 366 days, period labels', () => {
  it('starts with the last thirty Tehran days, today included', () => {
    const picks = defaultReportPicks(new Date('2026-12-10T08:00:00Z'));
    expect(dayOfPick(picks.fromDate!)).to.equal('2026-11-11');
    expect(dayOfPick(picks.toDate!)).to.equal('2026-12-10');
  });

  it('asks for a whole Jalali year and refuses a day more, a reversed range or a missing end', () => {
    expect(reportRangeOfPicks({ fromDate: picked(1404, 9, 19), toDate: picked(1405, 9, 19) })).to.deep.equal({ range: { fromDate: '2025-12-10', toDate: '2026-12-10' } });
    expect(reportRangeOfPicks({ fromDate: picked(1404, 9, 18), toDate: picked(1405, 9, 19) })).to.deep.equal({ problem: 'tooLong' });
    expect(reportRangeOfPicks({ fromDate: picked(1405, 9, 19), toDate: picked(1405, 9, 1) })).to.deep.equal({ problem: 'endBeforeStart' });
    expect(reportRangeOfPicks({ fromDate: null, toDate: picked(1405, 9, 1) })).to.deep.equal({ problem: 'bothDates' });
  });

  it('labels a Jalali month by its name and year: Persian digits in Persian, Latin ones in English', () => {
    expect(periodLabel('1405-09', 'month', 'fa-IR')).to.equal('آذر ۱۴۰۵');
    expect(periodLabel('1405-09', 'month', 'en-US')).to.equal('Azar 1405');
    expect(periodLabel('2026-12-08', 'day', 'fa-IR')).to.equal('۱۷ آذر');
    expect(periodLabel('2026-12-08', 'day', 'en-US')).to.equal('Dec 8');
  });
});
