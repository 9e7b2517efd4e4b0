import { expect } from 'chai';
import { periodOf, previousPeriodOf } from '../../../server/modules/billing/reseller-periods.js';

/** Reseller target periods: Jalali months, quarters and years in Tehran time (billing CONTEXT, "Resellers"). */
describe('billing: reseller target periods', () => {
  it('a month is the Jalali month of the Tehran day, from Tehran midnight to the next month\'s', () => {
    // 2026-11-29 08:00 UTC is 1405/09/08 in Tehran (Azar: 30 days).
    const p = periodOf('Monthly', new Date('2026-11-29T08:00:00Z'));
    expect(p.key).to.equal('1405-09');
    expect(p.from.toISOString()).to.equal('2026-11-21T20:30:00.000Z');
    expect(p.to.toISOString()).to.equal('2026-12-21T20:30:00.000Z');
  });

  it('Tehran\'s midnight decides: 20:29 UTC is the old month, 20:30 UTC the new one', () => {
    expect(periodOf('Monthly', new Date('2026-12-21T20:29:59Z')).key).to.equal('1405-09');
    expect(periodOf('Monthly', new Date('2026-12-21T20:30:00Z')).key).to.equal('1405-10');
  });

  it('quarters are months 1-3, 4-6, 7-9, 10-12; years run Farvardin to Esfand, a leap Esfand included', () => {
    const q = periodOf('Quarterly', new Date('2026-11-29T08:00:00Z'));
    expect(q.key).to.equal('1405-Q3');
    expect(q.from.toISOString()).to.equal('2026-09-22T20:30:00.000Z'); // 1405/07/01
    expect(q.to.toISOString()).to.equal('2026-12-21T20:30:00.000Z'); // 1405/10/01
    const y = periodOf('Yearly', new Date('2025-03-20T12:00:00Z')); // 1403/12/30: 1403 is leap
    expect(y.key).to.equal('1403');
    expect(y.to.toISOString()).to.equal('2025-03-20T20:30:00.000Z'); // 1404/01/01
  });

  it('the previous period ends where the current one starts', () => {
    const now = new Date('2026-11-29T08:00:00Z');
    const prev = previousPeriodOf('Monthly', now);
    expect(prev.key).to.equal('1405-08');
    expect(prev.to.getTime()).to.equal(periodOf('Monthly', now).from.getTime());
    expect(previousPeriodOf('Yearly', now).key).to.equal('1404');
    expect(previousPeriodOf('Quarterly', new Date('2026-04-01T08:00:00Z')).key).to.equal('1404-Q4');
  });
});
