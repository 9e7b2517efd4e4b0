import { expect } from 'chai';
import { sendStatusOf } from '../../../client/src/features/outbox/send-status';

const send = (over: Record<string, unknown>) => ({
  status: 'WatingForSend', queueStatus: 'Ready', failureCode: 'None', sentCount: 0, dateTimeSend: null, ...over,
});

describe('outbox: what a send status says', () => {
  it('a send cancelled before anything went out is Cancelled, not "Error in sending"', () => {
    // What the server stores for it: the spec's OutBoxStatus has no cancel, so ErrorInSending with UserCancelRequest.
    const view = sendStatusOf(send({ status: 'ErrorInSending', queueStatus: 'Completed', failureCode: 'UserCancelRequest' }));
    expect(view).to.deep.include({ status: 'Canceled', tone: 'neutral' });
  });

  it('a send cancelled after some went out says so; one still finishing its in-flight part is being cancelled', () => {
    expect(sendStatusOf(send({ status: 'Sent', queueStatus: 'Completed', failureCode: 'UserCancelRequest', sentCount: 2 })).status).to.equal('CanceledPartly');
    expect(sendStatusOf(send({ status: 'SentAndGiveBackCredit', queueStatus: 'Completed', failureCode: 'UserCancelRequest', sentCount: 1 })).status).to.equal('CanceledPartly');
    expect(sendStatusOf(send({ status: 'IsBeingSent', queueStatus: 'Extracted', failureCode: 'UserCancelRequest' })).status).to.equal('Canceling');
  });

  it('an administrator\'s reject is Rejected; a send paused for an edit says so', () => {
    expect(sendStatusOf(send({ status: 'ErrorInSending', queueStatus: 'Rejected', failureCode: 'NotSended' }))).to.deep.include({ status: 'Rejected', tone: 'danger' });
    expect(sendStatusOf(send({ status: 'Stored', queueStatus: 'Updating' })).status).to.equal('Editing');
  });

  it('a send stored for later is Scheduled and carries its time', () => {
    const at = '2026-12-01T06:30:00.000Z';
    expect(sendStatusOf(send({ status: 'Stored', queueStatus: 'Stored', dateTimeSend: at }))).to.deep.equal({ status: 'Scheduled', tone: 'info', at });
    // Confirmed by an administrator and still for later: scheduled too.
    expect(sendStatusOf(send({ status: 'Stored', queueStatus: 'Confirmed', dateTimeSend: at })).status).to.equal('Scheduled');
  });

  it('every other status is the spec\'s own, with a tone that matches what happened', () => {
    expect(sendStatusOf(send({ status: 'Sent', queueStatus: 'Completed', sentCount: 3 }))).to.deep.include({ status: 'Sent', tone: 'success' });
    expect(sendStatusOf(send({ status: 'ErrorInSending', queueStatus: 'Failed', failureCode: 'UserCreditNotEnough' }))).to.deep.include({ status: 'ErrorInSending', tone: 'danger' });
    expect(sendStatusOf(send({ status: 'ErrorInSending', queueStatus: 'Completed', failureCode: 'SendError' })).status).to.equal('ErrorInSending');
    expect(sendStatusOf(send({ status: 'ErrorInGetItc', queueStatus: 'Completed', sentCount: 1 })).tone).to.equal('warning');
    expect(sendStatusOf(send({ status: 'WatingForConfirm', queueStatus: 'WatingForConfirm' })).tone).to.equal('info');
    expect(sendStatusOf(send({ status: 'Archived', queueStatus: 'Completed' })).tone).to.equal('neutral');
    // A cancelled send that was archived shows Archived: the archive is what happened last.
    expect(sendStatusOf(send({ status: 'Archived', queueStatus: 'Completed', failureCode: 'UserCancelRequest' })).status).to.equal('Archived');
  });
});
