import { expect } from 'chai';
import { handOutOf } from '../../../server/modules/messaging/hand-out.js';

const start = new Date('2026-11-28T10:00:00Z');
const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
const send = (extra: Record<string, unknown> = {}) => ({
  queueStatus: 'Extracted', recipientCount: 50_000, sentCount: 0, failedCount: 0, canceledCount: 0, dateTimeStart: start, ...extra,
});

// Issue 23 item 10: the outbox shows how far a send is in handing out and when it should end.
describe('hand-out progress and its expected end', () => {
  it('counts sent, failed and cancelled receivers as handed out (never delivery)', () => {
    const h = handOutOf(send({ sentCount: 10_000, failedCount: 2_000, canceledCount: 500, deliveredCount: 9_000 }), at(5));
    expect(h).to.include({ active: true, handedOutCount: 12_500, percent: 25 });
  });

  it('estimates from the average rate since dispatch began: 10,000 in 4 s leaves 16 s for 40,000', () => {
    const h = handOutOf(send({ sentCount: 10_000 }), at(4));
    expect(h.secondsLeft).to.equal(16);
    expect(h.endsAt).to.equal(at(20).toISOString());
  });

  it('says nothing yet (estimating) in the first seconds or before 1 % is out', () => {
    expect(handOutOf(send({ sentCount: 10_000 }), at(1))).to.include({ active: true, endsAt: null, secondsLeft: null });
    expect(handOutOf(send({ sentCount: 100 }), at(10))).to.include({ active: true, endsAt: null, secondsLeft: null });
    expect(handOutOf(send({ sentCount: 0 }), at(10))).to.include({ active: true, endsAt: null, secondsLeft: null });
  });

  it('is not active, and has no estimate, before dispatch, once everything is out, or when finished', () => {
    expect(handOutOf(send({ queueStatus: 'Stored', dateTimeStart: null }), at(10))).to.include({ active: false, percent: 0, endsAt: null });
    expect(handOutOf(send({ sentCount: 50_000 }), at(20))).to.include({ active: false, percent: 100, endsAt: null, secondsLeft: null });
    expect(handOutOf(send({ queueStatus: 'Completed', sentCount: 49_999, failedCount: 1 }), at(30))).to.include({ active: false, percent: 100 });
    // Rounded down: 99.998 % is not "done".
    expect(handOutOf(send({ sentCount: 49_999 }), at(20)).percent).to.equal(99);
  });
});
