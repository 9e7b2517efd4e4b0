import { expect } from 'chai';
import { REPORT_MAX_RANGE_DAYS, periodOf, reportPeriods } from '../../../../server/shared/insight/report-periods.js';
import { resolveRange } from '../../../../server/shared/insight/dashboard-days.js';

describe('insight: report periods (Tehran days, Jalali months)', () => {
  it('a day is its own period; a month is the Jalali year and month', () => {
    expect(periodOf('2026-12-08', 'day')).to.equal('2026-12-08');
    expect(periodOf('2026-11-21', 'month')).to.equal('1405-08');
    expect(periodOf('2026-11-22', 'month')).to.equal('1405-09');
    // Nowruz: 1404/12/29 then 1405/01/01 (1404 is a common year).
    expect(periodOf('2026-03-20', 'month')).to.equal('1404-12');
    expect(periodOf('2026-03-21', 'month')).to.equal('1405-01');
  });

  it('cuts the first and last month to the range and lists every month between', () => {
    expect(reportPeriods({ fromDate: '2026-11-20', toDate: '2026-12-23' }, 'month')).to.deep.equal([
      { period: '1405-08', fromDate: '2026-11-20', toDate: '2026-11-21' },
      { period: '1405-09', fromDate: '2026-11-22', toDate: '2026-12-21' },
      { period: '1405-10', fromDate: '2026-12-22', toDate: '2026-12-23' },
    ]);
    expect(reportPeriods({ fromDate: '2026-12-08', toDate: '2026-12-10' }, 'day').map((p) => p.period)).to.deep.equal(['2026-12-08', '2026-12-09', '2026-12-10']);
  });

  it('allows a range of 366 days and refuses a longer one on toDate', () => {
    const now = new Date('2026-12-10T08:00:00Z');
    expect(REPORT_MAX_RANGE_DAYS).to.equal(366);
    expect(resolveRange({ fromDate: '2025-12-10', toDate: '2026-12-10' }, now, REPORT_MAX_RANGE_DAYS)).to.deep.equal({ range: { fromDate: '2025-12-10', toDate: '2026-12-10' } });
    expect(resolveRange({ fromDate: '2025-12-09', toDate: '2026-12-10' }, now, REPORT_MAX_RANGE_DAYS)).to.deep.equal({ problem: 'tooLong', field: 'toDate' });
    // The dashboard's own limit is unchanged.
    expect(resolveRange({ fromDate: '2026-01-01', toDate: '2026-12-10' }, now)).to.deep.include({ problem: 'tooLong' });
  });
});
