import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { unique, type Tree } from '../support/fixtures.js';
import { available, bad, expectLedgerClean, ok, sendingTree, simulatorLine, waitForSend } from '../support/sending.js';

/** The spec's DynamicTemplate (customText, format; issue 29 item 6): CRUD, tenancy, refusals, and a pattern send through one. */
describe('DynamicTemplates API and a pattern send through a template', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let superToken: string;
  let line: { lineId: number };
  let book: number;
  const contacts = [
    { cellphone: '09121260001', firstName: 'Sara', city: 'Tehran' },
    { cellphone: '09351260002', firstName: 'Ali', city: 'y'.repeat(80) },
    { cellphone: '09121260003', firstName: null, city: null },
  ];
  const textOf = (c: (typeof contacts)[number]) => `سلام ${c.firstName ?? ''}، ${c.city ?? ''}`;
  // Every text is UCS-2 (Persian): 70 characters in one part, 67 per part after.
  const partsOf = (text: string) => (text.length <= 70 ? 1 : Math.ceil(text.length / 67));
  const totalParts = contacts.reduce((n, c) => n + partsOf(textOf(c)), 0);
  const intl = (n: string) => `98${n.slice(1)}`;

  const create = (token: string, body: Record<string, unknown> = {}, culture = 'en-US') =>
    api.post('DynamicTemplates/Create', { title: unique('Template '), customText: 'Hi {firstName}', ...body }, { token, culture });
  const list = async (token: string, query = 'pageSize=500') => ok(await api.get(`DynamicTemplates/GetAll?${query}`, { token }));
  const fieldMessage = (res: Parameters<typeof bad>[0], propertyName: string): string =>
    (bad(res, 400, propertyName).validationErrors as { propertyName: string; message: string }[]).find((v) => v.propertyName === propertyName)!.message;

  before(async () => {
    ({ api, tree, superToken } = await sendingTree());
    line = await simulatorLine(api, {}, { isSendDynamic: true });
    const token = tree.subAdmin.token;
    const city = ok(await api.post('CustomFields/Create', { type: 'String', nameEn: 'City', nameFa: 'شهر' }, { token }));
    book = ok(await api.post('Phonebooks/Create', { title: unique('Template book ') }, { token })).id;
    for (const c of contacts) {
      ok(await api.post('Contacts/Create', { phonebookId: book, cellphone: c.cellphone, firstName: c.firstName, fields: c.city ? { [city.id]: c.city } : {} }, { token }));
    }
  });

  after(async () => {
    await expectLedgerClean(api);
  });

  it('creates, lists, gets, updates and deletes; a plain user sees their own, administrators their slice, others nothing', async () => {
    const mine = ok(await create(tree.subUser.token));
    expect(mine).to.include({ userId: tree.subUser.userId, organizationId: tree.sub.id, customText: 'Hi {firstName}', format: 'Braces' });
    const admins = ok(await create(tree.subAdmin.token, { customText: 'Dear [firstName] [[VIP]]', format: 'Brackets' }));
    expect(admins.format).to.equal('Brackets');

    expect((await list(tree.subUser.token)).items.map((t: any) => t.id)).to.include(mine.id).and.not.include(admins.id);
    for (const token of [tree.subAdmin.token, tree.orgAdmin.token]) expect((await list(token)).items.map((t: any) => t.id)).to.include.members([mine.id, admins.id]);
    expect((await list(tree.otherAdmin.token)).items.map((t: any) => t.id)).to.not.include(mine.id);
    expect((await list(tree.subAdmin.token, 'format=Brackets&pageSize=500')).items.map((t: any) => t.id)).to.include(admins.id).and.not.include(mine.id);
    const paged = await list(tree.subAdmin.token, 'pageSize=1&pageIndex=0');
    expect(paged.items).to.have.length(1);
    expect(paged.totalCount).to.be.at.least(2);
    expect(ok(await api.get('DynamicTemplates/GetSelectList', { token: tree.subUser.token })).map((t: any) => t.id)).to.deep.equal([mine.id]);

    bad(await api.get(`DynamicTemplates/Get/${mine.id}`, { token: tree.otherAdmin.token }), 404);
    bad(await api.get(`DynamicTemplates/Get/${admins.id}`, { token: tree.subUser.token }), 404);
    bad(await api.post('DynamicTemplates/Update', { id: mine.id, title: 'Stolen' }, { token: tree.otherAdmin.token }), 404);
    bad(await api.delete(`DynamicTemplates/Delete/${mine.id}`, { token: tree.otherAdmin.token }), 404);

    const updated = ok(await api.post('DynamicTemplates/Update', { id: mine.id, customText: 'Hello [lastName]', format: 'Brackets' }, { token: tree.subUser.token }));
    expect(updated).to.include({ customText: 'Hello [lastName]', format: 'Brackets', title: mine.title });
    expect(ok(await api.get(`DynamicTemplates/Get/${mine.id}`, { token: tree.subAdmin.token })).customText).to.equal('Hello [lastName]');
    ok(await api.delete(`DynamicTemplates/Delete/${mine.id}`, { token: tree.subUser.token }));
    bad(await api.get(`DynamicTemplates/Get/${mine.id}`, { token: tree.subUser.token }), 404);
    const audits = ok(await api.get(`Audits/GetAll?className=DynamicTemplate&referenceId=${mine.id}&pageSize=10`, { token: superToken }));
    expect(audits.items.map((a: any) => a.operationType)).to.include.members(['Create', 'Update', 'Delete']);
  });

  it('refuses a blank title or text, an unknown placeholder (in the template\'s own syntax), a bad format and a link, on their fields, in both languages', async () => {
    const token = tree.subAdmin.token;
    expect(fieldMessage(await create(token, { title: '  ' }), 'title')).to.equal('Enter the template title.');
    expect(fieldMessage(await create(token, { title: '  ' }, 'fa-IR'), 'title')).to.equal('عنوان قالب را وارد کنید.');
    expect(fieldMessage(await create(token, { customText: ' ' }), 'customText')).to.equal('Enter the template text.');
    expect(fieldMessage(await create(token, { customText: 'Hi [nickname]', format: 'Brackets' }), 'customText')).to.equal('Your organization\'s contacts have no such fields: [nickname]');
    expect(fieldMessage(await create(token, { customText: 'Hi {nickname}' }, 'fa-IR'), 'customText')).to.equal('مخاطبان سازمان شما این فیلدها را ندارند: {nickname}');
    // In the Brackets format a brace is text, not a placeholder.
    ok(await create(token, { customText: 'Hi {nickname} [City]', format: 'Brackets' }));
    bad(await create(token, { format: 'Json' }), 400, 'format');
    expect(bad(await create(token, { customText: 'See https://example.com {firstName}' }), 400, 'customText').validationErrors).to.have.length.greaterThan(0);
  });

  it('a pattern may take its text from a template (any format): the send fills each contact, the hold is the sum of parts, the charge exact', async () => {
    const token = tree.subAdmin.token;
    const template = ok(await create(token, { customText: 'سلام [firstName]، [City]', format: 'Brackets' }));
    bad(await api.post('Patterns/Create', { title: unique('No text ') }, { token, culture: 'en-US' }), 400, 'smsText');
    const foreign = ok(await create(tree.otherAdmin.token));
    expect(fieldMessage(await api.post('Patterns/Create', { title: unique('Foreign '), dynamicTemplateId: foreign.id }, { token, culture: 'en-US' }), 'dynamicTemplateId')).to.equal('Dynamic template not found.');
    const pattern = ok(await api.post('Patterns/Create', { title: unique('From template '), dynamicTemplateId: template.id }, { token, culture: 'en-US' }));
    expect(pattern).to.include({ dynamicTemplateId: template.id, smsText: 'سلام {firstName}، {City}', status: 'Confirmed' });

    const send = (body: Record<string, unknown> = {}, action = 'CreateFastPatternScheduledMessageByPhonebook') =>
      api.post(`ScheduledMessages/${action}`, { senderNumberId: line.lineId, patternId: pattern.id, phonebookIds: [book], ...body }, { token, culture: 'en-US' });
    const widest = contacts[1];
    const quote = ok(await send({}, 'GetScheduledMessageCalculationsByFastPattern'));
    expect(quote).to.include({ recipientCount: 3, smsParts: partsOf(textOf(widest)), sendPrice: String(totalParts * 100) });

    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const created = ok(await send({ sendId: `template-${pattern.id}` }));
    expect(created).to.include({ sendType: 'Dynamic', recipientCount: 3, patternId: pattern.id, sendPrice: String(totalParts * 100) });
    const held = await available(api, tree.orgAdmin.token, tree.sub.id);
    expect(held.held - before.held).to.equal(BigInt(created.totalPrice));
    const done = await waitForSend(api, token, created.id);
    expect(done).to.include({ sentCount: 3, deliveredCount: 3 });
    const rows = ok(await api.get(`OutBox/GetRecipients?id=${created.id}&pageSize=100`, { token })).items as any[];
    for (const c of contacts) expect(rows.find((r) => r.toNumber === intl(c.cellphone)), c.cellphone).to.include({ smsText: textOf(c), smsParts: partsOf(textOf(c)) });
    const after = await available(api, tree.orgAdmin.token, tree.sub.id);
    expect(before.balance - after.balance).to.equal(BigInt(done.totalPrice));
    expect(done.sendPrice).to.equal(String(totalParts * 100));
    expect(after.held).to.equal(before.held);

    // A template edited later does not change the confirmed words; re-naming it on the pattern takes the new text.
    ok(await api.post('DynamicTemplates/Update', { id: template.id, customText: 'درود [firstName]' }, { token }));
    expect(ok(await api.get(`Patterns/GetAll?pageSize=500`, { token })).items.find((p: any) => p.id === pattern.id).smsText).to.equal('سلام {firstName}، {City}');
    const refreshed = ok(await api.post('Patterns/Update', { id: pattern.id, dynamicTemplateId: template.id }, { token }));
    expect(refreshed.smsText).to.equal('درود {firstName}');
  });
});
