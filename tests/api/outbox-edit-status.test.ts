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

  it('counts cancelled sends not resent (the spec\'s serial 999999) with the list filter cancelledNotResent', async () => {
    const later = () => api.post('ScheduledMessages/Create', { senderNumberId: line.lineId, smsBody: 'Cancel me', sendType: 'Bulk', receivers: ['09121110711', '09121110712'], sendDirect: false, sendDateTime: new Date(Date.now() + 3_600_000).toISOString() }, { token: tree.subAdmin.token }).then(ok);
    const count = async () => ok(await api.get('OutBox/GetAll?pageSize=100&cancelledNotResent=true', { token: tree.subAdmin.token }));
    const start = await count();
    const [a, b] = [await later(), await later()];
    for (const s of [a, b]) {
      ok(await api.post(`OutBox/Cancel/${s.id}`, {}, { token: tree.subAdmin.token }));
      await waitForSend(api, tree.subAdmin.token, s.id, (x) => ['Completed', 'Failed'].includes(x.queueStatus));
    }
    const both = await count();
    expect(both.totalCount).to.equal(start.totalCount + 2);
    expect(both.items.map((x: any) => x.id)).to.include.members([a.id, b.id]);
    // Resending one (its cancelled receivers) takes it off the count.
    ok(await api.post('OutBox/ResendByDeliveryStatus', { id: a.id, deliveryStatuses: ['IsCanceled'], senderNumberId: line.lineId }, { token: tree.subAdmin.token }));
    const one = await count();
    expect(one.totalCount).to.equal(start.totalCount + 1);
    expect(one.items.map((x: any) => x.id)).to.include(b.id).and.not.include(a.id);
    // A finished send with nothing cancelled is not counted; another tree sees none of these.
    expect(ok(await api.get('OutBox/GetAll?pageSize=100&cancelledNotResent=true', { token: tree.otherAdmin.token })).items.map((x: any) => x.id)).to.not.include(b.id);
  });
});
