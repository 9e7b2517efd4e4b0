import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { unique, type Tree } from '../support/fixtures.js';
import { available, bad, expectLedgerClean, ok, sendingTree, simulatorLine, waitForSend } from '../support/sending.js';

describe('Saved patterns and CreateFastPatternScheduledMessageByPhonebook', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let line: { lineId: number };
  let book: number;
  const template = 'سلام {firstName}، {City}';
  const contacts = [
    { cellphone: '09121250001', firstName: 'Sara', city: 'Teh\\ran' },
    { cellphone: '09351250002', firstName: 'Ali', city: 'x'.repeat(80) },
    { cellphone: '09121250003', firstName: null, city: null },
  ];
  const textOf = (c: (typeof contacts)[number]) => `سلام ${c.firstName ?? ''}، ${c.city ?? ''}`;
  // Every text is UCS-2 (Persian): 70 characters in one part, 67 per part after.
  const partsOf = (text: string) => (text.length <= 70 ? 1 : Math.ceil(text.length / 67));
  const totalParts = contacts.reduce((n, c) => n + partsOf(textOf(c)), 0);
  const intl = (n: string) => `98${n.slice(1)}`;

  const create = (token: string, body: Record<string, unknown> = {}, culture = 'en-US') =>
    api.post('Patterns/Create', { title: unique('Greeting '), smsText: template, ...body }, { token, culture });
  const list = async (token: string, query = 'pageSize=500') => ok(await api.get(`Patterns/GetAll?${query}`, { token }));
  const fieldMessage = (res: Parameters<typeof bad>[0], propertyName: string): string =>
    (bad(res, 400, propertyName).validationErrors as { propertyName: string; message: string }[]).find((v) => v.propertyName === propertyName)!.message;
  const send = (patternId: number, body: Record<string, unknown> = {}, action = 'CreateFastPatternScheduledMessageByPhonebook', token = tree.subAdmin.token) =>
    api.post(`ScheduledMessages/${action}`, { senderNumberId: line.lineId, patternId, phonebookIds: [book], ...body }, { token, culture: 'en-US' });

  before(async () => {
    ({ api, tree } = await sendingTree());
    line = await simulatorLine(api, {}, { isSendDynamic: true });
    const token = tree.subAdmin.token;
    const city = ok(await api.post('CustomFields/Create', { type: 'String', nameEn: 'City', nameFa: 'شهر' }, { token }));
    book = ok(await api.post('Phonebooks/Create', { title: unique('Pattern book ') }, { token })).id;
    for (const c of contacts) {
      ok(await api.post('Contacts/Create', { phonebookId: book, cellphone: c.cellphone, firstName: c.firstName, fields: c.city ? { [city.id]: c.city } : {} }, { token }));
    }
  });

  after(async () => {
    await expectLedgerClean(api);
  });

  it("a plain user's pattern waits, an administrator's is confirmed at once; lists and decisions stay inside the slice; audited", async () => {
    const mine = ok(await create(tree.subUser.token));
    expect(mine).to.include({ status: 'WatingForConfirm', userId: tree.subUser.userId, organizationId: tree.sub.id, smsText: template, confirmedAbove: false });
    const admins = ok(await create(tree.subAdmin.token));
    expect(admins).to.include({ status: 'Confirmed', decidedByUserId: tree.subAdmin.userId, confirmedAbove: false });

    expect((await list(tree.subUser.token)).items.map((p: any) => p.id)).to.include(mine.id).and.not.include(admins.id);
    for (const token of [tree.subAdmin.token, tree.orgAdmin.token]) expect((await list(token)).items.map((p: any) => p.id)).to.include.members([mine.id, admins.id]);
    expect((await list(tree.otherAdmin.token)).items.map((p: any) => p.id)).to.not.include(mine.id);
    const waiting = await list(tree.subAdmin.token, 'status=WatingForConfirm&pageSize=500');
    expect(waiting.items.map((p: any) => p.id)).to.include(mine.id).and.not.include(admins.id);

    expect(bad(await api.post(`Patterns/Confirm/${mine.id}`, {}, { token: tree.subUser.token, culture: 'en-US' }), 403).message).to.equal('Only an administrator can confirm or reject patterns.');
    bad(await api.post(`Patterns/Confirm/${mine.id}`, {}, { token: tree.otherAdmin.token }), 404);
    bad(await api.post('Patterns/Update', { id: admins.id, title: 'Mine now' }, { token: tree.subUser.token }), 404);
    bad(await api.call('DELETE', `Patterns/Delete/${mine.id}`, { token: tree.otherAdmin.token }), 404);

    const rejected = ok(await api.post('Patterns/Reject', { id: mine.id, reason: ' wording ' }, { token: tree.subAdmin.token }));
    expect(rejected).to.include({ status: 'Rejected', rejectReason: 'wording', decidedByUserId: tree.subAdmin.userId });
    const confirmed = ok(await api.post(`Patterns/Confirm/${mine.id}`, {}, { token: tree.resellerAdmin.token }));
    expect(confirmed).to.include({ status: 'Confirmed', rejectReason: null, confirmedAbove: true });

    const audits = ok(await api.get('Audits/GetAll?pageSize=100&className=MessagePattern', { token: tree.orgAdmin.token })).items as any[];
    const ops = audits.filter((a) => String(a.referenceId) === String(mine.id)).map((a) => a.operationType);
    expect(ops).to.include.members(['Create', 'Reject', 'Confirm']);
  });

  it('a changed text goes back to waiting unless an administrator changed it; a title alone keeps the status; delete hides it', async () => {
    const p = ok(await create(tree.subUser.token));
    ok(await api.post(`Patterns/Confirm/${p.id}`, {}, { token: tree.subAdmin.token }));
    expect(ok(await api.post('Patterns/Update', { id: p.id, title: 'Renamed' }, { token: tree.subUser.token }))).to.include({ title: 'Renamed', status: 'Confirmed' });
    expect(ok(await api.post('Patterns/Update', { id: p.id, smsText: 'Hi {lastName}' }, { token: tree.subUser.token }))).to.include({ status: 'WatingForConfirm', decidedByUserId: null });
    expect(ok(await api.post('Patterns/Update', { id: p.id, smsText: 'Hello {lastName}' }, { token: tree.subAdmin.token }))).to.include({ status: 'Confirmed', decidedByUserId: tree.subAdmin.userId });
    ok(await api.call('DELETE', `Patterns/Delete/${p.id}`, { token: tree.subUser.token }));
    expect((await list(tree.subAdmin.token)).items.map((x: any) => x.id)).to.not.include(p.id);
    bad(await api.post('Patterns/Update', { id: p.id, title: 'Back' }, { token: tree.subAdmin.token }), 404);
  });

  it('refuses a blank title, an unknown placeholder, forbidden characters and a link, on their fields, in both languages', async () => {
    expect(fieldMessage(await create(tree.subAdmin.token, { title: '  ' }), 'title')).to.equal('Enter the pattern title.');
    expect(fieldMessage(await create(tree.subAdmin.token, { title: '  ' }, 'fa-IR'), 'title')).to.equal('عنوان الگو را وارد کنید.');
    expect(fieldMessage(await create(tree.subAdmin.token, { smsText: 'Hi {nickname} {City} {{literal}}' }), 'smsText')).to.equal('Your organization\'s contacts have no such fields: {nickname}');
    expect(fieldMessage(await create(tree.subAdmin.token, { smsText: 'Hi {nickname}' }, 'fa-IR'), 'smsText')).to.equal('مخاطبان سازمان شما این فیلدها را ندارند: {nickname}');
    expect(fieldMessage(await create(tree.subAdmin.token, { smsText: '   ' }), 'smsText')).to.equal('Enter the SMS text.');
    const filtered = bad(await create(tree.subAdmin.token, { smsText: 'Hi\u202E{firstName}' }), 400, 'smsText');
    expect(filtered.data.failureCode).to.equal('SmsTextIsFilter');
    expect(bad(await create(tree.subAdmin.token, { smsText: 'See https://example.com {firstName}' }), 400, 'smsText').data.failureCode).to.equal('LinkIsNotAllowed');
    // Another organization has no City field: the same text is refused there.
    expect(fieldMessage(await create(tree.otherAdmin.token), 'smsText')).to.equal('Your organization\'s contacts have no such fields: {City}');
  });

  it('previews and sends a confirmed pattern to a phonebook: each contact its own text, the hold the sum of parts, the charge exact', async () => {
    const pattern = ok(await create(tree.subAdmin.token));
    expect(ok(await api.get('Patterns/GetSelectList', { token: tree.subAdmin.token })).map((p: any) => p.id)).to.include(pattern.id);
    const quote = ok(await send(pattern.id, {}, 'GetScheduledMessageCalculationsByFastPattern'));
    const widest = contacts[1];
    expect(quote).to.include({ recipientCount: 3, smsParts: partsOf(textOf(widest)), smsEncoding: 'Persian', sendPrice: String(totalParts * 100) });
    expect(quote.dynamicSample).to.deep.equal({ toNumber: intl(widest.cellphone), smsText: textOf(widest), smsParts: partsOf(textOf(widest)) });

    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const created = ok(await send(pattern.id, { sendId: `pattern-${pattern.id}` }));
    expect(created).to.include({ sendType: 'Dynamic', recipientCount: 3, patternId: pattern.id, smsText: template, sendPrice: String(totalParts * 100), repeated: false });
    expect(created.queueStatus).to.not.equal('WatingForConfirm');
    // The client's send id: a repeat answers the first send.
    expect(ok(await send(pattern.id, { sendId: `pattern-${pattern.id}` }))).to.include({ id: created.id, repeated: true });
    const held = await available(api, tree.orgAdmin.token, tree.sub.id);
    expect(held.held - before.held).to.equal(BigInt(created.totalPrice));
    const done = await waitForSend(api, tree.subAdmin.token, created.id);
    expect(done).to.include({ sentCount: 3, deliveredCount: 3, patternId: pattern.id });
    const rows = ok(await api.get(`OutBox/GetRecipients?id=${created.id}&pageSize=100`, { token: tree.subAdmin.token })).items as any[];
    for (const c of contacts) expect(rows.find((r) => r.toNumber === intl(c.cellphone)), c.cellphone).to.include({ smsText: textOf(c), smsParts: partsOf(textOf(c)) });
    const after = await available(api, tree.orgAdmin.token, tree.sub.id);
    expect(before.balance - after.balance).to.equal(BigInt(done.totalPrice));
    expect(after.held).to.equal(before.held);
  });

  it('refuses a pattern not confirmed or rejected, another organization\'s pattern, and a line without isSendDynamic; nothing is held', async () => {
    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const waitingOne = ok(await create(tree.subUser.token));
    const notConfirmed = (res: Parameters<typeof bad>[0]) => fieldMessage(res, 'patternId');
    expect(notConfirmed(await send(waitingOne.id))).to.equal('This pattern is not confirmed yet; it cannot be used to send.');
    expect(notConfirmed(await send(waitingOne.id, {}, 'GetScheduledMessageCalculationsByFastPattern'))).to.equal('This pattern is not confirmed yet; it cannot be used to send.');
    ok(await api.post('Patterns/Reject', { id: waitingOne.id }, { token: tree.subAdmin.token }));
    bad(await send(waitingOne.id), 400, 'patternId');
    const elsewhere = ok(await create(tree.otherAdmin.token, { smsText: 'Hi {firstName}' }));
    bad(await send(elsewhere.id), 404);
    const admins = ok(await create(tree.subAdmin.token));
    const plain = await simulatorLine(api, {}, { isSendPhonebook: true });
    expect(bad(await send(admins.id, { senderNumberId: plain.lineId }), 400).data.failureCode).to.equal('PrivateNumberNotValid');
    // Required fields, by the schema.
    bad(await api.post('ScheduledMessages/CreateFastPatternScheduledMessageByPhonebook', { senderNumberId: line.lineId, phonebookIds: [book] }, { token: tree.subAdmin.token }), 400, 'patternId');
    expect(await available(api, tree.orgAdmin.token, tree.sub.id)).to.deep.equal(before);
  });

  it('skips the confirmation queue only for a pattern confirmed by someone who may confirm the send', async () => {
    const confirming = await simulatorLine(api, {}, { isSendDynamic: true, confirmP2pAndDynamic: true });
    // Confirmed by the organization's own administrator: usable, but the line's confirmation still applies.
    const own = ok(await create(tree.subAdmin.token));
    const queued = ok(await send(own.id, { senderNumberId: confirming.lineId, fromIndex: 1, number: 1 }));
    expect(queued.queueStatus).to.equal('WatingForConfirm');
    ok(await api.post('SendQueue/Reject', { id: queued.id, reason: 'test' }, { token: tree.resellerAdmin.token }));
    // Confirmed by the reseller above (the queue's own confirmer): the send goes out at once.
    ok(await api.post(`Patterns/Confirm/${own.id}`, {}, { token: tree.resellerAdmin.token }));
    const fast = ok(await send(own.id, { senderNumberId: confirming.lineId, fromIndex: 1, number: 1 }));
    expect(fast.queueStatus).to.not.equal('WatingForConfirm');
    expect(await waitForSend(api, tree.subAdmin.token, fast.id)).to.include({ deliveredCount: 1 });
  });
});
