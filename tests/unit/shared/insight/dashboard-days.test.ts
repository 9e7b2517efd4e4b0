import { expect } from 'chai';
import {
  DEFAULT_RANGE_DAYS, MAX_RANGE_DAYS, addDays, dayNumber, daysBetween, isDay, lastDays, resolveRange, tehranDayOf,
} from '../../../../server/shared/insight/dashboard-days.js';
import { DELIVERY_BUCKETS, SENT_STATUSES, bucketOf, isSent } from '../../../../server/shared/insight/delivery-buckets.js';
import { DELIVERY_STATUSES } from '../../../../server/shared/sends/send-statuses.js';
import { FINAL_DELIVERY_STATUSES, OPEN_DELIVERY_STATUSES, REFUSED_DELIVERY_STATUSES } from '../../../../server/modules/messaging/statuses.js';

describe('Insight: Tehran days of the dashboard', () => {
  it('puts an instant on its Tehran calendar day: +03:30 today, +04:30 in the summers before 2022', () => {
    expect(tehranDayOf(new Date('2026-11-24T20:29:59.999Z'))).to.equal('2026-11-24');
    expect(tehranDayOf(new Date('2026-11-24T20:30:00.000Z'))).to.equal('2026-11-25');
    // 1 Khordad 1399: Iran still kept daylight saving (+04:30).
    expect(tehranDayOf(new Date('2020-06-01T19:29:59Z'))).to.equal('2020-06-01');
    expect(tehranDayOf(new Date('2020-06-01T19:30:00Z'))).to.equal('2020-06-02');
    // New Year's Eve in Tehran is still the old Gregorian year at 23:59 local.
    expect(tehranDayOf(new Date('2026-12-31T20:29:00Z'))).to.equal('2026-12-31');
    expect(tehranDayOf(new Date('2026-12-31T20:31:00Z'))).to.equal('2027-01-01');
  });

  it('counts the default range as the last ten days, today included, across a Jalali year end (Esfand 30 of leap 1403)', () => {
    // 1404/01/04 (Nowruz week) is 2025-03-24; ten days back reach 1403/12/25 = 2025-03-15, past Esfand 30 (2025-03-20).
    const range = lastDays(new Date('2025-03-24T08:00:00Z'));
    expect(range).to.deep.equal({ fromDate: '2025-03-15', toDate: '2025-03-24' });
    const days = daysBetween(range.fromDate, range.toDate);
    expect(days).to.have.length(DEFAULT_RANGE_DAYS);
    expect(days).to.include('2025-03-20');
    expect(days).to.include('2025-03-21');
    // At 00:10 Tehran time the new day has begun, though UTC is still on the previous one.
    expect(lastDays(new Date('2025-03-23T20:40:00Z')).toDate).to.equal('2025-03-24');
  });

  it('adds days across months, leap days and years', () => {
    expect(addDays('2024-02-28', 1)).to.equal('2024-02-29');
    expect(addDays('2023-02-28', 1)).to.equal('2023-03-01');
    expect(addDays('2026-12-31', 1)).to.equal('2027-01-01');
    expect(addDays('2026-03-01', -1)).to.equal('2026-02-28');
    expect(daysBetween('2026-11-10', '2026-11-09')).to.deep.equal([]);
    expect(dayNumber('2026-02-30')).to.be.NaN;
    expect(isDay('2026-02-29')).to.equal(false);
    expect(isDay('2028-02-29')).to.equal(true);
    expect(isDay('1405/09/01')).to.equal(false);
  });

  it('resolves a requested range: defaults, one end given, bad days, order and the 90-day limit', () => {
    const now = new Date('2026-11-25T06:00:00Z');
    expect(resolveRange({}, now)).to.deep.equal({ range: { fromDate: '2026-11-16', toDate: '2026-11-25' } });
    expect(resolveRange({ toDate: '2026-10-05' }, now)).to.deep.equal({ range: { fromDate: '2026-09-26', toDate: '2026-10-05' } });
    expect(resolveRange({ fromDate: '2026-10-01' }, now)).to.deep.equal({ range: { fromDate: '2026-10-01', toDate: '2026-10-10' } });
    // Only a start near today: the end stops at today.
    expect(resolveRange({ fromDate: '2026-11-22' }, now)).to.deep.equal({ range: { fromDate: '2026-11-22', toDate: '2026-11-25' } });
    expect(resolveRange({ fromDate: '2026-02-30' }, now)).to.deep.equal({ problem: 'invalidDay', field: 'fromDate' });
    expect(resolveRange({ toDate: '2026-1-5' }, now)).to.deep.equal({ problem: 'invalidDay', field: 'toDate' });
    expect(resolveRange({ fromDate: '2026-11-10', toDate: '2026-11-09' }, now)).to.deep.equal({ problem: 'endBeforeStart', field: 'toDate' });
    expect(resolveRange({ fromDate: '2026-11-10', toDate: '2026-11-10' }, now)).to.deep.equal({ range: { fromDate: '2026-11-10', toDate: '2026-11-10' } });
    expect(resolveRange({ fromDate: '2026-01-01', toDate: '2026-03-31' }, now)).to.have.property('range');
    expect(daysBetween('2026-01-01', '2026-03-31')).to.have.length(MAX_RANGE_DAYS);
    expect(resolveRange({ fromDate: '2026-01-01', toDate: '2026-04-01' }, now)).to.deep.equal({ problem: 'tooLong', field: 'toDate' });
  });
});

describe('Insight: delivery buckets', () => {
  it('puts every delivery status in one bucket; what never left us is never "sent"', () => {
    for (const status of DELIVERY_STATUSES) expect(DELIVERY_BUCKETS).to.include(bucketOf(status));
    for (const status of REFUSED_DELIVERY_STATUSES) expect(isSent(status), status).to.equal(false);
    for (const status of ['ErrorInSending', 'IsCanceled', 'BlackList', 'WaitingForSend', 'IsSending']) expect(isSent(status), status).to.equal(false);
    expect(bucketOf('NotSent')).to.equal('failed');
    expect(bucketOf('InvalidMobile')).to.equal('failed');
    expect(bucketOf('ErrorInSending')).to.equal('failed');
    expect(bucketOf('SentAndReceivedbyPhone')).to.equal('delivered');
    expect(bucketOf('Expired')).to.equal('notDelivered');
    expect(bucketOf('Unknown')).to.equal('noReport');
    expect(bucketOf('IsSending')).to.equal('waiting');
  });

  it('counts as sent exactly the statuses a receiver reaches after the operator accepted it', () => {
    // Accepted at submit (SentToItc), then an interim report, a final report or the report time-out.
    const afterAcceptance = ['SentToItc', 'ReceivedByItc', 'SentAndReceivedbyPhone', 'HaveNotReceivedToPhone', 'Expired', 'DidNotReceiveToItc', 'Unknown'];
    expect([...SENT_STATUSES].sort()).to.deep.equal([...afterAcceptance].sort());
    for (const status of SENT_STATUSES) expect([...FINAL_DELIVERY_STATUSES, ...OPEN_DELIVERY_STATUSES]).to.include(status);
  });
});
