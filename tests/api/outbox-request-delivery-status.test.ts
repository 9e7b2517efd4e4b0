import { expect } from 'chai';
import type { Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { unique } from '../support/fixtures.js';
import { FakeHttpProvider } from '../support/fake-http-provider.js';
import { available, bad, expectLedgerClean, ok, sendingTree, simulatorLine, waitForSend } from '../support/sending.js';

/**
 * Requesting the latest delivery status of a send's receivers from the operator (issue 29 item 3;
 * the spec: "an outbox message can ... have its latest delivery status requested"). The simulator
 * with `receiptDelivery: 'none'` is an operator that never sends a receipt: only the request moves
 * the receivers, through the path delivery reports take, so the send settles exactly once.
 */
describe('Outbox: requesting the latest delivery status from the operator', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let superToken: string;

  before(async () => {
    ({ api, tree, superToken } = await sendingTree());
  });

  after(async () => {
    await expectLedgerClean(api);
  });

  /** A send on `line` whose receivers were all handed to the operator (and, without receipts, wait for a report). */
  const handedOut = async (lineId: number, receivers: string[]) => {
    const created = ok(await api.post('ScheduledMessages/Create', { senderNumberId: lineId, smsBody: 'Where is my message', sendType: 'Bulk', receivers }, { token: tree.subAdmin.token }));
    return waitForSend(api, tree.subAdmin.token, created.id, (s) => s.sentCount === receivers.length);
  };

  it('moves the receivers to the operator\'s answers, settles the send once, and refuses a second request within the window', async () => {
    // Every message undelivered, on a line that charges only what was delivered: all of it comes back.
    const silent = await simulatorLine(api, { receiptDelivery: 'none', deliveryRatio: 0, expireRatio: 0, deliveryDelayMs: 0 });
    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const sent = await handedOut(silent.lineId, ['09121110801', '09121110802', '09121110803']);
    await new Promise((r) => setTimeout(r, 300));
    const waiting = ok(await api.get(`OutBox/Get/${sent.id}`, { token: tree.subAdmin.token }));
    expect(waiting).to.include({ pendingCount: 3, queueStatus: waiting.queueStatus });
    expect(waiting.queueStatus).to.not.equal('Completed');
    expect(waiting.deliveryStatusCounts).to.deep.equal({ SentToItc: 3 });
    expect(waiting.deliveryStatusRequest).to.include({ supported: true, state: 'None', requestedAt: null, nextAllowedAt: null });

    const asked = ok(await api.post('OutBox/RequestDeliveryStatus', { id: sent.id }, { token: tree.subAdmin.token }));
    expect(asked).to.include({ supported: true, state: 'Queued' });
    expect(new Date(asked.nextAllowedAt).getTime() - new Date(asked.requestedAt).getTime()).to.equal(10 * 60_000);
    const done = await waitForSend(api, tree.subAdmin.token, sent.id, (s) => s.queueStatus === 'Completed' && s.deliveryStatusRequest.state === 'Done');
    expect(done).to.include({ status: 'SentAndGiveBackCredit', pendingCount: 0, notDeliveredCount: 3, deliveredCount: 0 });
    expect(done.deliveryStatusCounts).to.deep.equal({ HaveNotReceivedToPhone: 3 });
    expect(done.deliveryStatusRequest).to.include({ total: 3, asked: 3, final: 3, pending: 0, unknown: 0 });
    const report = ok(await api.get(`OutBox/GetDeliveryReport?id=${sent.id}&seq=0`, { token: tree.subAdmin.token }));
    expect(report.deliveryReport.providerStatus).to.equal('UNDELIV');
    // Money exact: everything held came back once, nothing is left held.
    const after = await available(api, tree.orgAdmin.token, tree.sub.id);
    expect(after).to.deep.equal(before);
    expect(done.refundedPrice).to.equal(done.totalPrice);

    const again = bad(await api.post('OutBox/RequestDeliveryStatus', { id: sent.id }, { token: tree.subAdmin.token, culture: 'en-US' }), 400, 'id');
    expect(again.validationErrors![0].message).to.match(/once every 10 minutes; try again in (10|9) minutes/);
    // The administrator above is refused too: the window is the send's, not the caller's.
    bad(await api.post('OutBox/RequestDeliveryStatus', { id: sent.id }, { token: tree.orgAdmin.token }), 400, 'id');
  });

  it('records a "not final yet" answer as the interim status and leaves the send open, its money held', async () => {
    // The simulated centre knows the outcome only after an hour: until then it answers "en route".
    const slow = await simulatorLine(api, { receiptDelivery: 'none', deliveryDelayMs: 3_600_000 });
    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const sent = await handedOut(slow.lineId, ['09121110831', '09121110832']);
    ok(await api.post('OutBox/RequestDeliveryStatus', { id: sent.id }, { token: tree.subAdmin.token }));
    const done = await waitForSend(api, tree.subAdmin.token, sent.id, (s) => s.deliveryStatusRequest.state === 'Done');
    expect(done.deliveryStatusRequest).to.include({ total: 2, asked: 2, final: 0, pending: 2, unknown: 0 });
    expect(done.deliveryStatusCounts).to.deep.equal({ ReceivedByItc: 2 });
    expect(done).to.include({ pendingCount: 2 });
    expect(done.queueStatus).to.not.equal('Completed');
    // Still held, nothing settled or given back yet.
    const after = await available(api, tree.orgAdmin.token, tree.sub.id);
    expect(after.balance).to.equal(before.balance);
    expect(after.held - before.held).to.equal(BigInt(done.totalPrice));
    expect(done.refundedPrice).to.equal('0');
  });

  it('asks only receivers still without a final status: a final one never moves back, a delivered send is charged once', async () => {
    const delivering = await simulatorLine(api, { receiptDelivery: 'callback', deliveryRatio: 1, deliveryDelayMs: 0 });
    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const sent = await handedOut(delivering.lineId, ['09121110811', '09121110812']);
    const settled = await waitForSend(api, tree.subAdmin.token, sent.id);
    expect(settled).to.include({ status: 'Sent', deliveredCount: 2 });
    ok(await api.post('OutBox/RequestDeliveryStatus', { id: sent.id }, { token: tree.orgAdmin.token }));
    const done = await waitForSend(api, tree.subAdmin.token, sent.id, (s) => s.deliveryStatusRequest.state === 'Done');
    expect(done.deliveryStatusRequest).to.include({ total: 0, asked: 0, final: 0 });
    expect(done).to.include({ status: 'Sent', deliveredCount: 2, notDeliveredCount: 0 });
    expect(done.deliveryStatusCounts).to.deep.equal({ SentAndReceivedbyPhone: 2 });
    const after = await available(api, tree.orgAdmin.token, tree.sub.id);
    expect(before.balance - after.balance).to.equal(BigInt(done.totalPrice));
    expect(after.held).to.equal(before.held);
  });

  it('refuses a line whose operator cannot be asked (the detail says so), and a send the caller does not see', async () => {
    // An HTTP provider whose template has no status URL by provider id: there is nothing to ask.
    const provider = new FakeHttpProvider();
    await provider.start();
    try {
      const agent = ok(await api.post('SenderAgents/Create', {
        title: unique('No status URL '), pluginName: 'http', maxPerSecond: 100, isActive: true, isSendActive: true, isActiveAllTime: true,
        options: {
          apiKey: FakeHttpProvider.API_KEY, recipientFormat: 'zero', idempotentSubmit: true, reports: 'none',
          request: { method: 'GET', url: `${provider.baseUrl}/single`, bodyType: 'query', body: { key: '{apiKey}', to: '{to}', from: '{from}', text: '{text}', ref: '{id}' } },
          response: { successPath: 'ok', successValues: [true], idPath: 'result.id' },
        },
      }, { token: superToken }));
      const number = `3000${String(Date.now()).slice(-7)}`;
      const line = ok(await api.post('PrivateNumbers/Create', {
        number, useForm: 'OneNumber', numberType: 'Public', typePrivateNumber: 'Bulk', smsSenderAgentId: agent.id,
        isPublic: true, isActive: true, isSendSingle: true, isSendBulk: true, isSendP2P: true, isGeneralBlackList: true, deliveryBase: true,
      }, { token: superToken }));
      const sent = await handedOut(line.id, ['09121110822']);
      expect(sent.deliveryStatusRequest).to.include({ supported: false, state: 'None' });
      const refused = bad(await api.post('OutBox/RequestDeliveryStatus', { id: sent.id }, { token: tree.subAdmin.token, culture: 'en-US' }), 400, 'id');
      expect(refused.validationErrors![0].message).to.equal('This line\'s operator does not support requesting delivery statuses; statuses are updated only by the delivery reports the operator sends.');
      expect(ok(await api.get(`OutBox/Get/${sent.id}`, { token: tree.subAdmin.token })).deliveryStatusRequest.requestedAt).to.equal(null);
      // Left open: no report comes until the overdue sweep closes it; its hold is consistent meanwhile.
    } finally {
      await provider.stop();
    }
    const silent = await simulatorLine(api, { receiptDelivery: 'none' });
    const mine = await handedOut(silent.lineId, ['09121110823']);
    const stranger = await sendingTree();
    expect((await stranger.api.post('OutBox/RequestDeliveryStatus', { id: mine.id }, { token: stranger.tree.subAdmin.token })).status).to.equal(404);
    expect((await api.post('OutBox/RequestDeliveryStatus', { id: 2_000_000_000 }, { token: tree.subAdmin.token })).status).to.equal(404);
    expect((await api.post('OutBox/RequestDeliveryStatus', { id: mine.id }, { token: tree.subAdmin.token })).status).to.equal(200);
    await waitForSend(api, tree.subAdmin.token, mine.id);
  });
});
