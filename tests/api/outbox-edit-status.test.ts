import { expect } from 'chai';
import type { Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { bad, expectLedgerClean, ok, sendingTree, waitForSend } from '../support/sending.js';

/**
 * An administrator's status edit of a send (issue 29 item 3; the spec: "an outbox message can have
 * its status edited"): a correction of a finished send's record, audited, that moves no money and
 * no receiver.
 */
describe('Outbox: an administrator edits a finished send\'s status', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let superToken: string;
  let line: { agentId: number; lineId: number; number: string };

  before(async () => {
    ({ api, tree, line, superToken } = await sendingTree());
  });

  after(async () => {
    await expectLedgerClean(api);
  });

  const sendNow = async () => {
    const created = ok(await api.post('ScheduledMessages/Create', { senderNumberId: line.lineId, smsBody: 'Edit my status', sendType: 'Bulk', receivers: ['09121110701', '09121110702'] }, { token: tree.subAdmin.token }));
    return waitForSend(api, tree.subAdmin.token, created.id);
  };

  it('changes the label of a finished send, audits old and new with the reason, and moves no money', async () => {
    const done = await sendNow();
    expect(done.status).to.equal('Sent');
    const credit = async () => ok(await api.get('Credits/GetMyCredit', { token: tree.subAdmin.token }));
    const before = await credit();
    const edited = ok(await api.post('OutBox/EditStatus', { id: done.id, status: 'ErrorInGetItc', reason: 'Operator confirmed an outage' }, { token: superToken }));
    expect(edited).to.include({ id: done.id, status: 'ErrorInGetItc', queueStatus: 'Completed', recipientCount: 2, deliveredCount: done.deliveredCount });
    expect(ok(await api.get(`OutBox/Get/${done.id}`, { token: tree.subAdmin.token })).status).to.equal('ErrorInGetItc');
    expect(await credit()).to.deep.equal(before);
    const audit = ok(await api.get(`Audits/GetAll?operationType=EditStatus&pageSize=100`, { token: superToken })).items;
    const entry = audit.find((a: any) => a.className === 'ScheduledMessage' && String(a.referenceId) === String(done.id));
    expect(entry, 'audit entry').to.not.equal(undefined);
    expect(entry.oldData).to.deep.equal({ status: 'Sent' });
    expect(entry.newData).to.deep.equal({ status: 'ErrorInGetItc', reason: 'Operator confirmed an outage' });
  });

  it('refuses unfinished sends, statuses outside the editable set, no change, no reason, and anyone but the system administrators', async () => {
    const done = await sendNow();
    bad(await api.post('OutBox/EditStatus', { id: done.id, status: 'Sent', reason: 'same' }, { token: superToken, culture: 'en-US' }), 400, 'status');
    bad(await api.post('OutBox/EditStatus', { id: done.id, status: 'IsBeingSent', reason: 'not final' }, { token: superToken }), 400, 'status');
    bad(await api.post('OutBox/EditStatus', { id: done.id, status: 'SentAndGiveBackCredit', reason: 'money' }, { token: superToken }), 400, 'status');
    bad(await api.post('OutBox/EditStatus', { id: done.id, status: 'BlackList' }, { token: superToken }), 400, 'reason');
    bad(await api.post('OutBox/EditStatus', { id: done.id, status: 'BlackList', reason: '  ' }, { token: superToken }), 400, 'reason');
    expect((await api.post('OutBox/EditStatus', { id: done.id, status: 'BlackList', reason: 'mine' }, { token: tree.subAdmin.token })).status).to.equal(403);
    expect((await api.post('OutBox/EditStatus', { id: done.id, status: 'BlackList', reason: 'above' }, { token: tree.resellerAdmin.token })).status).to.equal(403);
    expect((await api.post('OutBox/EditStatus', { id: 2_000_000_000, status: 'BlackList', reason: 'none' }, { token: superToken })).status).to.equal(404);
    const later = ok(await api.post('ScheduledMessages/Create', { senderNumberId: line.lineId, smsBody: 'Later', sendType: 'Bulk', receivers: ['09121110703'], sendDirect: false, sendDateTime: new Date(Date.now() + 3_600_000).toISOString() }, { token: tree.subAdmin.token }));
    const unfinished = bad(await api.post('OutBox/EditStatus', { id: later.id, status: 'ErrorInSending', reason: 'too early' }, { token: superToken, culture: 'en-US' }), 400, 'id');
    expect(unfinished.validationErrors![0].message).to.contain('finished');
    ok(await api.post(`OutBox/Cancel/${later.id}`, {}, { token: tree.subAdmin.token }));
    await waitForSend(api, tree.subAdmin.token, later.id, (s) => ['Completed', 'Failed'].includes(s.queueStatus));
  });
});
