import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { createOrganization, createUser, login, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { available, bad, expectLedgerClean, ok, sendingTree, simulatorLine, waitForSend } from '../support/sending.js';

describe('Send engine: compose, price, dispatch through the simulator, delivery, refunds, outbox', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let superToken: string;
  let tree: Tree;
  let line: { agentId: number; lineId: number; number: string };
  const persian = 'سلام! این یک پیام آزمایشی از پیک است.';

  const send = (body: Record<string, unknown>, token = tree.subAdmin.token, action = 'Create') =>
    api.post(`ScheduledMessages/${action}`, { senderNumberId: line.lineId, smsBody: persian, ...(action.includes('Bulk') ? {} : { sendType: 'Bulk' }), ...body }, { token, culture: 'en-US' });

  before(async () => {
    ({ api, superToken, tree, line } = await sendingTree());
  });

  after(async () => {
    await expectLedgerClean(api);
  });

  it('previews counts per operator, parts, duplicates, wrong numbers and the price without writing anything', async () => {
    const before = ok(await api.get('OutBox/GetAll?pageSize=1', { token: tree.subAdmin.token })).totalCount;
    const preview = ok(await send({ receivers: ['09121234567', '+989351234567', '۰۹۲۱۱۲۳۴۵۶۷', '0912 123 4567', 'abc'] }, undefined, 'GetScheduledMessageCalculations'));
    expect(preview).to.include({ recipientCount: 3, mciCount: 1, mtnCount: 1, rightelCount: 1, duplicateCount: 1, wrongNumberCount: 1, smsEncoding: 'Persian', smsParts: 1 });
    // Reseller tariff: 100 rials per part; VAT 10% by default only when the organization pays tax.
    expect(preview.sendPrice).to.equal('300');
    expect(ok(await api.get('OutBox/GetAll?pageSize=1', { token: tree.subAdmin.token })).totalCount).to.equal(before);
  });

  it('sends a Persian message to three numbers; every receiver ends delivered and the price is charged once', async () => {
    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const created = ok(await send({ receivers: ['09121110001', '09351110002', '09211110003'], sendId: randomUUID() }));
    expect(created).to.include({ recipientCount: 3, queueStatus: 'Ready', status: 'WatingForSend', repeated: false });
    const done = await waitForSend(api, tree.subAdmin.token, created.id);
    expect(done).to.include({ status: 'Sent', sentCount: 3, deliveredCount: 3, pendingCount: 0, userName: tree.subAdmin.userName });
    expect(done.deliveryStatusCounts).to.deep.equal({ SentAndReceivedbyPhone: 3 });
    const receivers = ok(await api.get(`OutBox/GetRecipients?id=${created.id}`, { token: tree.subAdmin.token }));
    expect(receivers.items.map((r: any) => r.sendStatus)).to.deep.equal(['Sent', 'Sent', 'Sent']);
    const report = ok(await api.get(`OutBox/GetDeliveryReport?id=${created.id}&seq=0`, { token: tree.subAdmin.token }));
    expect(report.deliveryReport.providerStatus).to.equal('DELIVRD');
    const after = await available(api, tree.orgAdmin.token, tree.sub.id);
    expect(before.balance - after.balance).to.equal(BigInt(done.totalPrice));
    expect(after.held).to.equal(before.held);
  });

  it('gives back undelivered parts under the line policy and shows SentAndGiveBackCredit', async () => {
    const lossy = await simulatorLine(api, { deliveryRatio: 0, expireRatio: 0 });
    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const created = ok(await send({ senderNumberId: lossy.lineId, receivers: ['09121110011', '09121110012'] }));
    const done = await waitForSend(api, tree.subAdmin.token, created.id);
    expect(done).to.include({ status: 'SentAndGiveBackCredit', notDeliveredCount: 2 });
    const after = await available(api, tree.orgAdmin.token, tree.sub.id);
    expect(after.balance).to.equal(before.balance);
    const entries = ok(await api.get(`Transactions/GetAll?organizationId=${tree.sub.id}&pageSize=5`, { token: tree.orgAdmin.token })).items;
    expect(entries.map((e: any) => e.typeCreditChange)).to.include('GiveBackCostOfUnsuccessSent');
  });

  it('a repeated send id creates nothing new', async () => {
    const sendId = randomUUID();
    const first = ok(await send({ receivers: ['09121110021'], sendId }));
    const second = ok(await send({ receivers: ['09121110021'], sendId }));
    expect(second.id).to.equal(first.id);
    expect(second.repeated).to.equal(true);
    await waitForSend(api, tree.subAdmin.token, first.id);
  });

  it('answers each failure code from its cause and leaves nothing behind', async () => {
    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const count = ok(await api.get('OutBox/GetAll?pageSize=1', { token: tree.subAdmin.token })).totalCount;
    const past = bad(await send({ receivers: ['09121110031'], sendDirect: false, sendDateTime: '2020-01-01T00:00:00Z' }), 400, 'sendDateTime');
    expect(past.validationErrors![0].message).to.equal('Dear user, the registered date or time of sending has expired. To send SMS, reset the date and time of sending.');
    expect(bad(await send({ receivers: ['09121110031'], smsBody: 'abc\u202Edef' }), 400, 'smsBody').data.failureCode).to.equal('SmsTextIsFilter');
    expect(bad(await send({ receivers: ['09121110031'], smsBody: 'see https://example.com now' }), 400, 'smsBody').data.failureCode).to.equal('LinkIsNotAllowed');
    expect(bad(await send({ receivers: ['abc', '123'] }), 400, 'receivers').data.failureCode).to.equal('RecipientNotExist');
    expect(bad(await send({ receivers: ['09121110031'], senderNumberId: 2147483000 }), 400, 'senderNumberId').data.failureCode).to.equal('PrivateNumberNotValid');
    const modes = bad(await send({ receivers: ['09121110031'], recipientsUploadId: randomUUID() }), 400, 'recipientsUploadId');
    expect(modes.validationErrors![0].message).to.equal('Manual or clipboard mode cannot be combined with file upload.');
    const many = Array.from({ length: 1001 }, (_, i) => `0912${String(3000000 + i)}`);
    expect(bad(await send({ receivers: many }), 400, 'receivers').validationErrors![0].message).to.equal('You can add a maximum of 1000 numbers.');
    expect(ok(await api.get('OutBox/GetAll?pageSize=1', { token: tree.subAdmin.token })).totalCount).to.equal(count);
    const after = await available(api, tree.orgAdmin.token, tree.sub.id);
    expect(after).to.deep.equal(before);
  });

  it('answers credit, tariff and standing failures', async () => {
    // An organization with a tariff but no credit.
    const poor = await createOrganization(api, tree.orgAdmin.token, { name: unique('Poor ') });
    const poorAdmin = await createUser(api, tree.orgAdmin.token, { userName: unique('poor'), organizationId: poor.id, isAdmin: true });
    const poorToken = (await login(api, poorAdmin.userName, USER_PASSWORD)).accessToken;
    expect(bad(await send({ receivers: ['09121110041'] }, poorToken), 400).data.failureCode).to.equal('GroupPriceIsNull');
    const tariff = ok(await api.get(`Tariffs/GetAll?pageSize=100`, { token: tree.resellerAdmin.token })).items.find((t: any) => t.ownerOrganizationId === tree.reseller.id);
    ok(await api.post('Tariffs/AssignToOrganization', { organizationId: poor.id, tariffId: tariff.id }, { token: tree.resellerAdmin.token }));
    expect(bad(await send({ receivers: ['09121110041'] }, poorToken), 400).data.failureCode).to.equal('OrganizationCreditNotEnough');
    // Deactivating the organization's parent stops it: the parent is "the admin" of the spec's codes.
    const child = await createOrganization(api, poorToken, { name: unique('Child ') });
    ok(await api.post('Tariffs/AssignToOrganization', { organizationId: child.id, tariffId: tariff.id }, { token: tree.resellerAdmin.token }));
    const childAdmin = await createUser(api, poorToken, { userName: unique('child'), organizationId: child.id, isAdmin: true });
    const childToken = (await login(api, childAdmin.userName, USER_PASSWORD)).accessToken;
    ok(await api.post(`Organizations/Deactivate/${poor.id}`, {}, { token: tree.orgAdmin.token }));
    const res = await send({ receivers: ['09121110041'] }, childToken);
    if (res.status === 400) expect(res.body.data.failureCode).to.equal('AdminIsInactive');
    else expect(res.status).to.equal(401);
  });

  it('takes the per-mode maximums from main settings', async () => {
    bad(await api.post('MainSettings/Update', { MaxManualRecipients: 0 }, { token: superToken }), 400, 'MaxManualRecipients');
    ok(await api.post('MainSettings/Update', { MaxManualRecipients: 2 }, { token: superToken }));
    try {
      const res = bad(await send({ receivers: ['09121110111', '09121110112', '09121110113'] }), 400, 'receivers');
      expect(res.validationErrors![0].message).to.equal('You can add a maximum of 2 numbers.');
    } finally {
      ok(await api.post('MainSettings/Update', { MaxManualRecipients: null }, { token: superToken }));
    }
  });

  it('Bulk names the bad recipient by index; Bulk2 skips and counts it', async () => {
    const bulkRecipients = [{ mobile: '09121110051', description: 'Ali' }, { mobile: '0912', description: 'Sara' }, { mobile: '09351110053', description: 'Reza' }];
    bad(await send({ bulkRecipients }, undefined, 'CreateScheduledMessageBulk'), 400, 'bulkRecipients[1].mobile');
    const lenient = ok(await send({ bulkRecipients }, undefined, 'CreateScheduledMessageBulk2'));
    expect(lenient).to.include({ recipientCount: 2, wrongNumberCount: 1 });
    const receivers = ok(await api.get(`OutBox/GetRecipients?id=${lenient.id}`, { token: tree.subAdmin.token }));
    expect(receivers.items.map((r: any) => r.description)).to.deep.equal(['Ali', 'Reza']);
  });

  it('takes receivers from an uploaded CSV file', async () => {
    const csv = 'mobile,name\n09121110061,Ali\n۰۹۳۵۱۱۱۰۰۶۲,Sara\n09121110061,dup\nnot-a-number,x\n';
    const upload = ok(await api.call('POST', 'ScheduledMessages/UploadRecipients?format=csv', { rawBody: csv, headers: { 'content-type': 'text/csv' }, token: tree.subAdmin.token }));
    expect(upload).to.include({ validCount: 2, duplicateCount: 1, wrongNumberCount: 1 });
    const created = ok(await send({ recipientsUploadId: upload.uploadId }));
    expect(created.recipientCount).to.equal(2);
    // An upload is used once.
    bad(await send({ recipientsUploadId: upload.uploadId }), 400, 'recipientsUploadId');
  });

  it('leaves the organization blacklist out and counts it', async () => {
    ok(await api.post('BlackLists/Create', { mobile: '09121110071' }, { token: tree.subAdmin.token }));
    const created = ok(await send({ receivers: ['09121110071', '09121110072'] }));
    expect(created).to.include({ recipientCount: 1, blackListCount: 1 });
  });

  it('waits for confirmation when the organization requires it; reject releases the hold, confirm sends', async () => {
    const strict = await createOrganization(api, tree.orgAdmin.token, { name: unique('Strict '), isConfirmMessage: true });
    const tariff = ok(await api.get(`Tariffs/GetAll?pageSize=100`, { token: tree.resellerAdmin.token })).items.find((t: any) => t.ownerOrganizationId === tree.reseller.id);
    ok(await api.post('Tariffs/AssignToOrganization', { organizationId: strict.id, tariffId: tariff.id }, { token: tree.resellerAdmin.token }));
    ok(await api.post('Credits/ChargeOrganization', { organizationId: strict.id, amount: 100_000 }, { token: tree.orgAdmin.token }));
    const strictAdmin = await createUser(api, tree.orgAdmin.token, { userName: unique('strict'), organizationId: strict.id, isAdmin: true });
    const token = (await login(api, strictAdmin.userName, USER_PASSWORD)).accessToken;
    const before = await available(api, tree.orgAdmin.token, strict.id);
    const first = ok(await send({ receivers: ['09121110081'] }, token));
    expect(first).to.include({ queueStatus: 'WatingForConfirm', status: 'WatingForConfirm' });
    // Confirming is a reseller's right (Sending.Confirm): the reseller above confirms.
    const queue = ok(await api.get('SendQueue/GetAll', { token: tree.resellerAdmin.token }));
    expect(queue.items.map((s: any) => s.id)).to.include(first.id);
    bad(await api.post(`SendQueue/Confirm/${first.id}`, {}, { token }), 403);
    ok(await api.post('SendQueue/Reject', { id: first.id, reason: 'spam' }, { token: tree.resellerAdmin.token }));
    expect((await available(api, tree.orgAdmin.token, strict.id))).to.deep.equal(before);
    const second = ok(await send({ receivers: ['09121110082'] }, token));
    ok(await api.post(`SendQueue/Confirm/${second.id}`, {}, { token: tree.resellerAdmin.token }));
    const done = await waitForSend(api, token, second.id);
    expect(done.status).to.equal('Sent');
  });

  it('cancels a scheduled send; the unsent part is given back', async () => {
    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const created = ok(await send({ receivers: ['09121110091', '09121110092'], sendDirect: false, sendDateTime: later }));
    const held = await available(api, tree.orgAdmin.token, tree.sub.id);
    expect(held.held - before.held).to.equal(BigInt(created.totalPrice));
    ok(await api.post(`OutBox/Cancel/${created.id}`, {}, { token: tree.subAdmin.token }));
    const done = await waitForSend(api, tree.subAdmin.token, created.id);
    expect(done).to.include({ failureCode: 'UserCancelRequest', canceledCount: 2, sentCount: 0 });
    expect(await available(api, tree.orgAdmin.token, tree.sub.id)).to.deep.equal(before);
    bad(await api.post(`OutBox/Cancel/${created.id}`, {}, { token: tree.subAdmin.token }), 400);
  });

  it('refuses 10 MB of junk text with the spec message and no send', async () => {
    const junk = 'x'.repeat(10 * 1024 * 1024);
    expect(bad(await send({ receiversText: junk }), 400, 'receivers').data.failureCode).to.equal('RecipientNotExist');
  });

  it('refuses an outbox search range of 90 days or more', async () => {
    const res = bad(await api.get('OutBox/GetAll?fromDate=2026-01-01T00:00:00Z&toDate=2026-06-01T00:00:00Z', { token: tree.subAdmin.token }), 400, 'toDate');
    expect(res.validationErrors![0].message).to.equal('The search range must be under 90 days, with the end date after the start date.');
    ok(await api.get('OutBox/GetAll?fromDate=2026-01-01T00:00:00Z&toDate=2026-02-01T00:00:00Z', { token: tree.subAdmin.token }));
  });

  it('keeps sends of other organizations out of sight', async () => {
    const mine = ok(await send({ receivers: ['09121110101'] }));
    bad(await api.get(`OutBox/Get/${mine.id}`, { token: tree.otherAdmin.token }), 404);
    bad(await api.get(`OutBox/GetRecipients?id=${mine.id}`, { token: tree.otherAdmin.token }), 404);
  });
});
