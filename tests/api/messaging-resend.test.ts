import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { ApiClient } from '../support/api-client.js';
import type { Tree } from '../support/fixtures.js';
import { login, USER_PASSWORD } from '../support/fixtures.js';
import { available, bad, expectLedgerClean, fundedCustomer, ok, sendingTree, simulatorLine, waitForSend } from '../support/sending.js';

/** Receivers of a send by delivery status, as the outbox lists them. */
async function receiversOf(api: ApiClient, token: string, id: number): Promise<{ toNumber: string; deliveryStatus: string }[]> {
  return ok(await api.get(`OutBox/GetRecipients?id=${id}&pageSize=100`, { token })).items;
}

async function until<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('Resend: by delivery status from the outbox, and automatic resend rules of a line', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let superToken: string;
  let tree: Tree;
  let good: { lineId: number; number: string };
  let lossy: { lineId: number; number: string };
  const numbers = Array.from({ length: 16 }, (_, i) => `0912555${String(1000 + i)}`);

  const sendFrom = async (lineId: number, receivers: string[]) => ok(await api.post('ScheduledMessages/Create', {
    senderNumberId: lineId, smsBody: 'Resend me', sendType: 'Bulk', receivers, sendId: randomUUID(),
  }, { token: tree.subAdmin.token }));

  before(async () => {
    ({ api, superToken, tree, line: good } = await sendingTree());
    // Half delivered; of the rest, half expire: three final statuses in one send.
    lossy = await simulatorLine(api, { deliveryRatio: 0.5, expireRatio: 0.5, seed: 11 });
  });

  after(async () => {
    await expectLedgerClean(api);
  });

  it('resends only the receivers in the chosen statuses, as a new priced send linked both ways; a repeat makes nothing new', async () => {
    const original = await sendFrom(lossy.lineId, numbers);
    await waitForSend(api, tree.subAdmin.token, original.id);
    const rows = await receiversOf(api, tree.subAdmin.token, original.id);
    const failed = rows.filter((r) => r.deliveryStatus === 'HaveNotReceivedToPhone').map((r) => r.toNumber).sort();
    expect(failed.length, 'some receivers not delivered').to.be.greaterThan(0);
    expect(rows.some((r) => r.deliveryStatus === 'Expired'), 'some expired (not chosen)').to.equal(true);
    expect(rows.some((r) => r.deliveryStatus === 'SentAndReceivedbyPhone'), 'some delivered (not chosen)').to.equal(true);

    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const body = { id: original.id, deliveryStatuses: ['HaveNotReceivedToPhone'], senderNumberId: good.lineId };
    const [resent, again] = await Promise.all([
      api.post('OutBox/ResendByDeliveryStatus', body, { token: tree.subAdmin.token }).then(ok),
      api.post('OutBox/ResendByDeliveryStatus', body, { token: tree.subAdmin.token }).then(ok),
    ]);
    expect(again.id).to.equal(resent.id);
    expect([resent.repeated, again.repeated].sort()).to.deep.equal([false, true]);
    expect(resent).to.include({ isResend: true, resendOfSendId: original.id, recipientCount: failed.length, senderNumber: good.number });
    // Priced as a new send: the reseller tariff's 100 rials per part.
    expect(resent.sendPrice).to.equal(String(failed.length * 100));

    const done = await waitForSend(api, tree.subAdmin.token, resent.id);
    expect(done.deliveryStatusCounts).to.deep.equal({ SentAndReceivedbyPhone: failed.length });
    expect((await receiversOf(api, tree.subAdmin.token, resent.id)).map((r) => r.toNumber).sort()).to.deep.equal(failed);
    const after = await available(api, tree.orgAdmin.token, tree.sub.id);
    expect(before.balance - after.balance).to.equal(BigInt(done.totalPrice));
    expect(after.held).to.equal(before.held);

    // A later repeat (no client send id) still answers the first resend.
    const third = ok(await api.post('OutBox/ResendByDeliveryStatus', body, { token: tree.subAdmin.token }));
    expect(third).to.include({ id: resent.id, repeated: true });

    const links = ok(await api.get(`OutBox/GetResends/${original.id}`, { token: tree.subAdmin.token }));
    expect(links.resends.map((r: any) => r.id)).to.deep.equal([resent.id]);
    expect(links.countResendOther).to.equal(failed.length);
    const back = ok(await api.get(`OutBox/GetResends/${resent.id}`, { token: tree.subAdmin.token }));
    expect(back).to.include({ isResend: true, resendOfSendId: original.id });
  });

  it('resends as a gradual send (the spec\'s "direct or gradual"): the steps go out in turn and the money is exact', async () => {
    const lost = await simulatorLine(api, { deliveryRatio: 0, expireRatio: 0, seed: 5 });
    const many = Array.from({ length: 1000 }, (_, i) => `0912557${String(1000 + i)}`);
    const original = ok(await api.post('ScheduledMessages/Create', {
      senderNumberId: lost.lineId, smsBody: 'Resend me gradually', sendType: 'Bulk', receiversText: many.join('\n'), sendId: randomUUID(),
    }, { token: tree.subAdmin.token }));
    const settled = await waitForSend(api, tree.subAdmin.token, original.id);
    expect(settled.deliveryStatusCounts).to.deep.equal({ HaveNotReceivedToPhone: 1000 });
    const body = { id: original.id, deliveryStatuses: ['HaveNotReceivedToPhone'], senderNumberId: good.lineId };
    // One step field alone: the other one is asked for.
    bad(await api.post('OutBox/ResendByDeliveryStatus', { ...body, gradualStepCount: 500 }, { token: tree.subAdmin.token }), 400, 'gradualIntervalMinutes');

    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const gradual = { ...body, gradualStepCount: 500, gradualIntervalMinutes: 60 };
    const resent = ok(await api.post('OutBox/ResendByDeliveryStatus', gradual, { token: tree.subAdmin.token }));
    expect(resent).to.include({ isResend: true, resendOfSendId: original.id, sendSubType: 'Gradual', gradualStepCount: 500, gradualIntervalMinutes: 60, recipientCount: 1000 });
    expect(resent.sendPrice).to.equal('100000');
    expect(ok(await api.post('OutBox/ResendByDeliveryStatus', gradual, { token: tree.subAdmin.token })), 'a repeat answers the first').to.include({ id: resent.id, repeated: true });
    // Step 0 (500 receivers) at once; step 1 an hour later, so it is still waiting.
    await waitForSend(api, tree.subAdmin.token, resent.id, (s) => s.deliveredCount === 500);
    const waiting = ok(await api.get(`OutBox/GetRecipients?id=${resent.id}&deliveryStatus=WaitingForSend&pageSize=1`, { token: tree.subAdmin.token }));
    expect(waiting.totalCount).to.equal(500);
    // Cancelled before step 1: charged for the 500 sent (100 rials each), the rest given back, nothing held.
    ok(await api.post(`OutBox/Cancel/${resent.id}`, {}, { token: tree.subAdmin.token }));
    const done = await waitForSend(api, tree.subAdmin.token, resent.id);
    expect(done).to.include({ deliveredCount: 500, canceledCount: 500, pendingCount: 0 });
    const after = await available(api, tree.orgAdmin.token, tree.sub.id);
    expect(before.balance - after.balance).to.equal(50_000n);
    expect(after.held).to.equal(before.held);
  });

  it('refuses a resend without a delivery status with the spec message', async () => {
    const original = await sendFrom(good.lineId, numbers.slice(0, 2));
    const refused = bad(await api.post('OutBox/ResendByDeliveryStatus', { id: original.id, deliveryStatuses: [], senderNumberId: good.lineId }, { token: tree.subAdmin.token, culture: 'en-US' }), 400, 'deliveryStatuses');
    expect(refused.validationErrors![0].message).to.equal('Resend by delivery status requires at least one delivery status.');
    // An open status is not resendable: its own send may still deliver it.
    bad(await api.post('OutBox/ResendByDeliveryStatus', { id: original.id, deliveryStatuses: ['WaitingForSend'], senderNumberId: good.lineId }, { token: tree.subAdmin.token }), 400);
    await waitForSend(api, tree.subAdmin.token, original.id);
  });

  it('keeps resends and rules inside the organization', async () => {
    const original = await sendFrom(good.lineId, numbers.slice(0, 1));
    await waitForSend(api, tree.subAdmin.token, original.id);
    const { user } = await fundedCustomer(api, superToken, 'Resendother', 'Other');
    const stranger = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    const notFound = bad(await api.post('OutBox/ResendByDeliveryStatus', { id: original.id, deliveryStatuses: ['SentAndReceivedbyPhone'], senderNumberId: good.lineId }, { token: stranger }), 404);
    expect(notFound.data.failureCode).to.equal('ScheduledMessageNotFound');
    bad(await api.get(`OutBox/GetResends/${original.id}`, { token: stranger }), 404);

    const rule = ok(await api.post('AutomaticResends/Create', { privateNumberId: good.lineId, deliveryStatus: ['Expired'], targetPrivateNumbers: [lossy.lineId] }, { token: tree.subAdmin.token }));
    expect(ok(await api.get('AutomaticResends/GetAll', { token: stranger })).items.map((r: any) => r.id)).to.not.include(rule.id);
    bad(await api.post(`AutomaticResends/Delete/${rule.id}`, {}, { token: stranger }), 404);
    ok(await api.post(`AutomaticResends/Delete/${rule.id}`, {}, { token: tree.subAdmin.token }));
    expect(ok(await api.get('AutomaticResends/GetAll', { token: tree.subAdmin.token })).items.map((r: any) => r.id)).to.not.include(rule.id);
  });

  it('validates a rule: a status, a target, not the line itself', async () => {
    const refused = bad(await api.post('AutomaticResends/Create', { privateNumberId: lossy.lineId, deliveryStatus: [], targetPrivateNumbers: [good.lineId] }, { token: tree.subAdmin.token, culture: 'en-US' }), 400, 'deliveryStatus');
    expect(refused.validationErrors![0].message).to.equal('Resend by delivery status requires at least one delivery status.');
    bad(await api.post('AutomaticResends/Create', { privateNumberId: lossy.lineId, deliveryStatus: ['Expired'], targetPrivateNumbers: [] }, { token: tree.subAdmin.token }), 400, 'targetPrivateNumbers');
    bad(await api.post('AutomaticResends/Create', { privateNumberId: lossy.lineId, deliveryStatus: ['Expired'], targetPrivateNumbers: [lossy.lineId] }, { token: tree.subAdmin.token }), 400, 'targetPrivateNumbers');
  });

  it('an automatic rule resends the matching receivers on the target line once when the send finishes', async () => {
    const rule = ok(await api.post('AutomaticResends/Create', {
      privateNumberId: lossy.lineId, deliveryStatus: ['HaveNotReceivedToPhone', 'Expired'], targetPrivateNumbers: [good.lineId],
    }, { token: tree.subAdmin.token }));
    expect(rule).to.include({ privateNumberId: lossy.lineId });
    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const original = await sendFrom(lossy.lineId, numbers.map((n) => n.replace('0912555', '0912556')));
    const settled = await waitForSend(api, tree.subAdmin.token, original.id);
    const failed = (await receiversOf(api, tree.subAdmin.token, original.id)).filter((r) => r.deliveryStatus !== 'SentAndReceivedbyPhone').map((r) => r.toNumber).sort();
    expect(failed.length).to.be.greaterThan(0);

    const links = await until('automatic resend', async () => ok(await api.get(`OutBox/GetResends/${original.id}`, { token: tree.subAdmin.token })), (l) => l.resends.length > 0);
    const resend = await waitForSend(api, tree.subAdmin.token, links.resends[0].id);
    expect(resend).to.include({ isResend: true, resendOfSendId: original.id, resendRuleId: rule.id, senderNumber: good.number, recipientCount: failed.length });
    expect((await receiversOf(api, tree.subAdmin.token, resend.id)).map((r) => r.toNumber).sort()).to.deep.equal(failed);
    // Several more sweeps: still one resend.
    await new Promise((r) => setTimeout(r, 11_000));
    const later = ok(await api.get(`OutBox/GetResends/${original.id}`, { token: tree.subAdmin.token }));
    expect(later.resends).to.have.length(1);
    expect(later.countResendOther).to.equal(failed.length);
    // Money: the original's charge (after its refunds) plus the resend's own price, nothing held.
    const after = await available(api, tree.orgAdmin.token, tree.sub.id);
    const refunded = BigInt(settled.totalPrice) * BigInt(failed.length) / BigInt(numbers.length);
    expect(before.balance - after.balance).to.equal(BigInt(settled.totalPrice) - refunded + BigInt(resend.totalPrice));
    expect(after.held).to.equal(before.held);
    ok(await api.post(`AutomaticResends/Delete/${rule.id}`, {}, { token: tree.subAdmin.token }));
  });
});
