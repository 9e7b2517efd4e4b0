import { expect } from 'chai';
import { createOrganization, createUser, login, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { available, bad, expectLedgerClean, ok, sendingTree, simulatorLine, waitForSend } from '../support/sending.js';

/**
 * The grouped single-send path (`SingleSendService`): requests that arrive together are stored in
 * one transaction. Each must still get exactly the answer it would get alone.
 */
describe('single sends stored in groups', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let superToken: string;
  let tree: Tree;
  let line: { agentId: number; lineId: number; number: string };

  const fast = (token: string, mobile: string, extra: Record<string, unknown> = {}) =>
    api.post('ScheduledMessages/CreateFastScheduledMessage', { senderNumberId: line.lineId, smsBody: 'Your code is 5521', mobile, ...extra }, { token });

  before(async () => {
    ({ api, superToken, tree, line } = await sendingTree());
  });

  after(async () => {
    await expectLedgerClean(api);
  });

  it('stores 40 concurrent sends as 40 sends, each held and sent once', async () => {
    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => fast(tree.subAdmin.token, `0912${String(3300000 + i)}`)));
    const sends = answers.map((a) => ok(a));
    expect(new Set(sends.map((s) => s.id)).size).to.equal(40);
    for (const s of sends) expect(s).to.include({ recipientCount: 1, repeated: false });
    const total = sends.reduce((sum, s) => sum + BigInt(s.totalPrice), 0n);
    const done = await Promise.all(sends.map((s) => waitForSend(api, tree.subAdmin.token, s.id)));
    for (const d of done) expect(d).to.include({ status: 'Sent', sentCount: 1 });
    const after = await available(api, tree.orgAdmin.token, tree.sub.id);
    expect(before.balance - after.balance, 'every send charged its own price once').to.equal(total);
    expect(after.held).to.equal(before.held);
  });

  it('answers concurrent repeats of one sendId with the one send they made', async () => {
    const sendId = unique('otp-');
    const count = async () => ok(await api.get('OutBox/GetAll?pageSize=1', { token: tree.subAdmin.token })).totalCount as number;
    const before = await count();
    const answers = (await Promise.all(Array.from({ length: 20 }, () => fast(tree.subAdmin.token, '09123300999', { sendId })))).map((a) => ok(a));
    expect(new Set(answers.map((a) => a.id)).size, 'one send').to.equal(1);
    expect(answers.filter((a) => a.repeated === false), JSON.stringify(answers.map((a) => a.repeated))).to.have.length(1);
    expect(await count(), 'one send in the outbox').to.equal(before + 1);
  });

  it('refuses only the blacklisted number of a group', async () => {
    ok(await api.post('BlackLists/Create', { mobile: '09123300777' }, { token: tree.subAdmin.token }));
    const [a, b, c] = await Promise.all([fast(tree.subAdmin.token, '09123300776'), fast(tree.subAdmin.token, '09123300777'), fast(tree.subAdmin.token, '09123300778')]);
    ok(a);
    ok(c);
    expect(bad(b, 400).data.failureCode).to.equal('RecipientNotExist');
  });

  it('when credit runs out inside a group, the sends it covers go out and the rest are refused with the credit code', async () => {
    const poor = await createOrganization(api, tree.orgAdmin.token, { name: unique('Poor ') });
    const tariff = ok(await api.get('Tariffs/GetAll?pageSize=100', { token: tree.resellerAdmin.token })).items.find((t: any) => t.ownerOrganizationId === tree.reseller.id);
    ok(await api.post('Tariffs/AssignToOrganization', { organizationId: poor.id, tariffId: tariff.id }, { token: tree.resellerAdmin.token }));
    const admin = await createUser(api, tree.orgAdmin.token, { userName: unique('poor'), organizationId: poor.id, isAdmin: true });
    const token = (await login(api, admin.userName, USER_PASSWORD)).accessToken;
    // The price of one message, then credit for exactly five.
    const probe = ok(await api.post('ScheduledMessages/GetScheduledMessageCalculations', { senderNumberId: line.lineId, smsBody: 'Your code is 5521', sendType: 'Single', receivers: ['09123300500'] }, { token }));
    const price = BigInt(probe.totalPrice);
    ok(await api.post('Credits/ChargeOrganization', { organizationId: poor.id, amount: Number(price * 5n) }, { token: tree.orgAdmin.token }));
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => fast(token, `0912${String(3300500 + i)}`)));
    const accepted = answers.filter((a) => a.body.isSucceed);
    const refused = answers.filter((a) => !a.body.isSucceed);
    expect(accepted).to.have.length(5);
    for (const r of refused) {
      expect(bad(r, 400).data.failureCode).to.equal('OrganizationCreditNotEnough');
    }
    // Held or already settled (the simulator is quick): five sends' worth spent, nothing for the refused.
    const credit = await available(api, tree.orgAdmin.token, poor.id);
    expect(credit.balance - credit.held, 'nothing left to spend').to.equal(0n);
    for (const a of accepted) await waitForSend(api, token, a.body.data.id);
    const settled = await available(api, tree.orgAdmin.token, poor.id);
    expect(settled, 'charged exactly the five sends').to.deep.equal({ balance: 0n, held: 0n });
  });

  it('a single send does not wait behind a big bulk send on the same line (its own dispatch lane)', async () => {
    const slow = await simulatorLine(api, {});
    ok(await api.post('SenderAgents/Update', { id: slow.agentId, maxPerSecond: 600 }, { token: superToken }));
    // 12 range jobs of 1,000: more than the workers of a lane, for about 20 s at the agent's pace.
    const numbers = Array.from({ length: 12_000 }, (_, i) => `0912${String(5500000 + i)}`).join('\n');
    const bulk = ok(await api.post('ScheduledMessages/Create', { senderNumberId: slow.lineId, smsBody: 'Big sale', sendType: 'Bulk', receiversText: numbers }, { token: tree.subAdmin.token }));
    await waitForSend(api, tree.subAdmin.token, bulk.id, (s) => s.sentCount > 0);
    const single = ok(await api.post('ScheduledMessages/CreateFastScheduledMessage', { senderNumberId: slow.lineId, smsBody: 'Your code is 7781', mobile: '09125599999' }, { token: tree.subAdmin.token }));
    const done = await waitForSend(api, tree.subAdmin.token, single.id, (s) => s.queueStatus === 'Completed', 8_000);
    expect(done.status).to.equal('Sent');
    const big = ok(await api.get(`OutBox/Get/${bulk.id}`, { token: tree.subAdmin.token }));
    expect(big.queueStatus, 'the bulk send is still going out').to.not.equal('Completed');
    await waitForSend(api, tree.subAdmin.token, bulk.id, (s) => s.queueStatus === 'Completed', 60_000);
  });
});
