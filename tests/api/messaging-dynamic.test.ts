import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { unique, type Tree } from '../support/fixtures.js';
import { available, bad, expectLedgerClean, ok, sendingTree, simulatorLine, waitForSend } from '../support/sending.js';

describe('Dynamic sends: CreateDynamicScheduledMessage (each receiver its own text, parts and price)', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let line: { lineId: number };
  let book: number;
  const template = '{Note}{firstName}';
  // Each contact's text is its Note then its first name; the parts sit on both sides of each boundary
  // (GSM-7: 160 in one part, 153 per part after; UCS-2: 70, then 67).
  const contacts = [
    { cellphone: '09121240001', note: 'a'.repeat(160), parts: 1 },
    { cellphone: '09121240002', note: 'a'.repeat(161), parts: 2 },
    { cellphone: '09121240003', note: 'ب'.repeat(70), parts: 1 },
    { cellphone: '09121240004', note: 'ب'.repeat(71), parts: 2 },
    { cellphone: '09121240005', note: null, firstName: 'Sara', parts: 1 },
    { cellphone: '09121240006', note: 'a'.repeat(307), parts: 3 },
    { cellphone: '09121240007', note: 'ب'.repeat(134), parts: 2 },
  ];
  const totalParts = contacts.reduce((n, c) => n + c.parts, 0);
  const textOf = (c: (typeof contacts)[number]) => `${c.note ?? ''}${c.firstName ?? ''}`;
  const intl = (n: string) => `98${n.slice(1)}`;

  const send = (body: Record<string, unknown>, action = 'CreateDynamicScheduledMessage', token = tree.subAdmin.token) =>
    api.post(`ScheduledMessages/${action}`, { senderNumberId: line.lineId, smsBody: template, phonebookIds: [book], ...body }, { token, culture: 'en-US' });
  const receivers = async (id: number) =>
    ok(await api.get(`OutBox/GetRecipients?id=${id}&pageSize=100`, { token: tree.subAdmin.token })).items as any[];

  before(async () => {
    ({ api, tree } = await sendingTree());
    line = await simulatorLine(api, {}, { isSendDynamic: true });
    const token = tree.subAdmin.token;
    const note = ok(await api.post('CustomFields/Create', { type: 'String', nameEn: 'Note', nameFa: 'یادداشت' }, { token }));
    book = ok(await api.post('Phonebooks/Create', { title: unique('Dynamic ') }, { token })).id;
    for (const c of contacts) {
      ok(await api.post('Contacts/Create', { phonebookId: book, cellphone: c.cellphone, firstName: c.firstName ?? null, fields: c.note ? { [note.id]: c.note } : {} }, { token }));
    }
  });

  after(async () => {
    await expectLedgerClean(api);
  });

  it('previews the most expensive receiver and the sum of every receiver\'s parts', async () => {
    const quote = ok(await send({}, 'GetScheduledMessageCalculationsByDynamic'));
    // Reseller tariff: 100 rials per part.
    expect(quote).to.include({ recipientCount: 7, smsParts: 3, smsEncoding: 'English', sendPrice: String(totalParts * 100) });
    expect(quote.dynamicSample).to.deep.equal({ toNumber: intl('09121240006'), smsText: 'a'.repeat(307), smsParts: 3 });
  });

  it('sends each receiver its own text with its own parts; the hold is their sum and the charge exact', async () => {
    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const created = ok(await send({}));
    expect(created).to.include({ sendType: 'Dynamic', recipientCount: 7, smsParts: 3, sendPrice: String(totalParts * 100), smsText: template });
    const held = await available(api, tree.orgAdmin.token, tree.sub.id);
    expect(held.held - before.held).to.equal(BigInt(created.totalPrice));
    const done = await waitForSend(api, tree.subAdmin.token, created.id);
    expect(done).to.include({ sentCount: 7, deliveredCount: 7, refundedPrice: '0' });
    const rows = await receivers(created.id);
    for (const c of contacts) {
      const row = rows.find((r) => r.toNumber === intl(c.cellphone));
      expect(row, c.cellphone).to.include({ smsText: textOf(c), smsParts: c.parts });
    }
    const after = await available(api, tree.orgAdmin.token, tree.sub.id);
    expect(before.balance - after.balance).to.equal(BigInt(done.totalPrice));
    expect(after.held).to.equal(before.held);
  });

  it('gives back each undelivered receiver\'s own parts at settlement', async () => {
    const lossy = await simulatorLine(api, { deliveryRatio: 0, expireRatio: 0 }, { isSendDynamic: true });
    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const created = ok(await send({ senderNumberId: lossy.lineId, fromIndex: 5, number: 3 }));
    const done = await waitForSend(api, tree.subAdmin.token, created.id);
    expect(done).to.include({ status: 'SentAndGiveBackCredit', notDeliveredCount: 3 });
    // Contacts 5..7: 1 + 3 + 2 parts, all given back.
    expect(Object.values(done.refundedParts as Record<string, number>).reduce((a, b) => a + b, 0)).to.equal(6);
    expect(await available(api, tree.orgAdmin.token, tree.sub.id)).to.deep.equal(before);
    // The outbox says so (issue 23 item 6): all of the price came back, net nothing.
    expect(done.refundedPrice).to.equal(done.totalPrice);
    expect(Number(done.refundedPrice)).to.be.greaterThan(0);
    // The advanced search shows each receiver's own text, not the template.
    const hour = 3_600_000;
    const found = ok(await api.post('OutBox/AdvancedSearch', {
      fromDate: new Date(Date.now() - hour).toISOString(), toDate: new Date(Date.now() + hour).toISOString(), toNumber: contacts[4].cellphone,
    }, { token: tree.subAdmin.token })).items as any[];
    expect(found.filter((r) => r.sendId === created.id).map((r) => r.smsText)).to.deep.equal([textOf(contacts[4])]);
    // Its failed receivers cannot be resent by status: the send row holds only the template.
    const resend = bad(await api.post('OutBox/ResendByDeliveryStatus', { id: created.id, deliveryStatuses: ['HaveNotReceivedToPhone'], senderNumberId: line.lineId }, { token: tree.subAdmin.token, culture: 'en-US' }), 400);
    expect(resend.message).to.equal('A dynamic send (its own text per receiver) cannot be resent by delivery status.');
  });

  it('refuses an unknown placeholder, a line without isSendDynamic, and waits for confirmation on confirmP2pAndDynamic', async () => {
    const unknown = bad(await send({ smsBody: 'Hello {nickname} {{literal}}' }), 400, 'smsBody');
    expect(unknown.validationErrors![0].message).to.equal('The phonebook has no such fields: {nickname}');
    const plain = await simulatorLine(api, {}, { isSendPhonebook: true });
    expect(bad(await send({ senderNumberId: plain.lineId }), 400).data.failureCode).to.equal('PrivateNumberNotValid');
    // Literal braces and placeholders in any case.
    const braces = ok(await send({ smsBody: '{{hi}} {FIRSTNAME}', fromIndex: 5, number: 1 }, 'GetScheduledMessageCalculationsByDynamic'));
    expect(braces.dynamicSample.smsText).to.equal('{hi} Sara');
    const confirming = await simulatorLine(api, {}, { isSendDynamic: true, confirmP2pAndDynamic: true });
    const held = ok(await send({ senderNumberId: confirming.lineId, fromIndex: 1, number: 1 }));
    expect(held.queueStatus).to.equal('WatingForConfirm');
    ok(await api.post('SendQueue/Reject', { id: held.id, reason: 'test' }, { token: tree.resellerAdmin.token }));
  });

  // Issue 23: a refusal for a switched-off capability says which one, and who can switch it on.
  it('refuses a line the caller may use but without isSendDynamic by naming the capability and the administrator; a line not theirs stays "not valid"', async () => {
    const plain = await simulatorLine(api, {}, { isSendPhonebook: true });
    const en = bad(await send({ senderNumberId: plain.lineId }), 400);
    expect(en.data.failureCode).to.equal('PrivateNumberNotValid');
    expect(en.message).to.equal('This line is not open to dynamic sends: its "Dynamic send" capability is off. Ask your administrator to switch it on.');
    expect(en.validationErrors!.map((e) => e.propertyName)).to.deep.equal(['senderNumberId']);
    const fa = bad(await api.post('ScheduledMessages/CreateDynamicScheduledMessage', { senderNumberId: plain.lineId, smsBody: template, phonebookIds: [book] },
      { token: tree.subAdmin.token, culture: 'fa' }), 400);
    expect(fa.message).to.equal('این خط برای ارسال متغیر باز نیست: قابلیت «ارسال متغیر» آن خاموش است. از مدیر سامانه بخواهید آن را روشن کند.');
    // Not public and not the caller's organization: nothing about the line is said.
    const foreign = await simulatorLine(api, {}, { isPublic: false, numberType: 'Private' });
    const refused = bad(await send({ senderNumberId: foreign.lineId }), 400);
    expect(refused.data.failureCode).to.equal('PrivateNumberNotValid');
    expect(refused.message).to.equal('The private number is not valid or you may not use it.');
  });
});
