import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { unique, type Tree } from '../support/fixtures.js';
import { available, bad, expectLedgerClean, ok, sendingTree, simulatorLine, waitForSend } from '../support/sending.js';

describe('Phonebook sends: CreateScheduledMessageByPhonebook (range, filter, exact money)', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let line: { lineId: number };
  let bookA: number;
  let bookB: number;
  const persian = 'سلام! این یک پیام آزمایشی از پیک است.';
  // A: six contacts; B: four, its first one also in A (a duplicate across phonebooks).
  const numbersA = ['09121230001', '09351230002', '09211230003', '09121230004', '09121230005', '09121230006'];
  const numbersB = ['09121230001', '09121230012', '09121230013', '09121230014'];

  const send = (body: Record<string, unknown>, action = 'CreateScheduledMessageByPhonebook', token = tree.subAdmin.token) =>
    api.post(`ScheduledMessages/${action}`, { senderNumberId: line.lineId, smsBody: persian, ...body }, { token, culture: 'en-US' });
  const preview = async (body: Record<string, unknown>) => ok(await send(body, 'GetScheduledMessageCalculationsByPhonebook'));
  const toNumbers = async (id: number) =>
    (ok(await api.get(`OutBox/GetRecipients?id=${id}&pageSize=100`, { token: tree.subAdmin.token })).items as any[]).map((r) => r.toNumber).sort();
  const intl = (n: string) => `98${n.slice(1)}`;

  before(async () => {
    ({ api, tree } = await sendingTree());
    line = await simulatorLine(api, {}, { isSendPhonebook: true });
    const token = tree.subAdmin.token;
    const city = ok(await api.post('CustomFields/Create', { type: 'String', nameEn: 'City', nameFa: 'شهر' }, { token }));
    bookA = ok(await api.post('Phonebooks/Create', { title: unique('Send A ') }, { token })).id;
    bookB = ok(await api.post('Phonebooks/Create', { title: unique('Send B ') }, { token })).id;
    for (const [i, cellphone] of numbersA.entries()) {
      ok(await api.post('Contacts/Create', {
        phonebookId: bookA, cellphone, firstName: `A${i}`, phonebookGroup: i < 2 ? 'vip' : null, fields: { [city.id]: i % 2 === 0 ? ' Tehran ' : 'Shiraz' },
      }, { token }));
    }
    for (const cellphone of numbersB) ok(await api.post('Contacts/Create', { phonebookId: bookB, cellphone }, { token }));
  });

  after(async () => {
    await expectLedgerClean(api);
  });

  it('sends to two phonebooks: every distinct contact once, priced and charged exactly', async () => {
    const quote = await preview({ phonebookIds: [bookA, bookB] });
    // Reseller tariff 100 rials per part, one Persian part, nine distinct numbers.
    expect(quote).to.include({ recipientCount: 9, duplicateCount: 1, smsParts: 1, sendPrice: '900', mciCount: 7, mtnCount: 1, rightelCount: 1 });
    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const created = ok(await send({ phonebookIds: [bookA, bookB] }));
    expect(created).to.include({ recipientCount: 9, duplicateCount: 1, sendType: 'PhoneBook', totalPrice: quote.totalPrice });
    const done = await waitForSend(api, tree.subAdmin.token, created.id);
    expect(done).to.include({ sentCount: 9, deliveredCount: 9 });
    expect(await toNumbers(created.id)).to.deep.equal([...new Set([...numbersA, ...numbersB])].map(intl).sort());
    const after = await available(api, tree.orgAdmin.token, tree.sub.id);
    expect(before.balance - after.balance).to.equal(BigInt(done.totalPrice));
    expect(after.held).to.equal(before.held);
  });

  it("takes the 'From index' and 'Number' range in the contacts' order, across phonebooks", async () => {
    const created = ok(await send({ phonebookIds: [bookA], fromIndex: 2, number: 3 }));
    expect(created.recipientCount).to.equal(3);
    expect(await toNumbers(created.id)).to.deep.equal(numbersA.slice(1, 4).map(intl).sort());
    await waitForSend(api, tree.subAdmin.token, created.id);
    // Positions 5..8 of A then B: A's last two, then B's first two (B's first is A's first, outside the range: no duplicate).
    expect(await preview({ phonebookIds: [bookA, bookB], fromIndex: 5, number: 4 })).to.include({ recipientCount: 4, duplicateCount: 0 });
    // From A's first: B's first is the same number, sent once.
    expect(await preview({ phonebookIds: [bookA, bookB], fromIndex: 1, number: 8 })).to.include({ recipientCount: 7, duplicateCount: 1 });
    // Without a number the range runs to the end.
    expect(await preview({ phonebookIds: [bookA], fromIndex: 6 })).to.include({ recipientCount: 1 });
  });

  it("answers 'Indexing is wrong' beyond the contacts and stores nothing", async () => {
    const count = ok(await api.get('OutBox/GetAll?pageSize=1', { token: tree.subAdmin.token })).totalCount;
    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    expect(bad(await send({ phonebookIds: [bookA, bookB], fromIndex: 11 }), 400, 'fromIndex').validationErrors![0].message).to.equal('Indexing is wrong');
    expect(bad(await send({ phonebookIds: [bookA], fromIndex: 4, number: 4 }), 400, 'number').validationErrors![0].message).to.equal('Indexing is wrong');
    // The last contact exactly is fine.
    expect(await preview({ phonebookIds: [bookA], fromIndex: 4, number: 3 })).to.include({ recipientCount: 3 });
    bad(await send({ phonebookIds: [bookA], fromIndex: 0 }), 400, 'fromIndex');
    expect(ok(await api.get('OutBox/GetAll?pageSize=1', { token: tree.subAdmin.token })).totalCount).to.equal(count);
    expect(await available(api, tree.orgAdmin.token, tree.sub.id)).to.deep.equal(before);
  });

  it('filters on a custom field or a contact field, after the range', async () => {
    const tehran = ok(await send({ phonebookIds: [bookA], filterField: 'city', filterValue: 'TEHRAN' }));
    expect(await toNumbers(tehran.id)).to.deep.equal([numbersA[0], numbersA[2], numbersA[4]].map(intl).sort());
    await waitForSend(api, tree.subAdmin.token, tehran.id);
    expect(await preview({ phonebookIds: [bookA, bookB], filterField: 'phonebookGroup', filterValue: 'VIP' })).to.include({ recipientCount: 2 });
    expect(await preview({ phonebookIds: [bookA], fromIndex: 2, number: 4, filterField: 'City', filterValue: 'tehran' })).to.include({ recipientCount: 2 });
    const unknown = bad(await send({ phonebookIds: [bookA], filterField: 'color', filterValue: 'red' }), 400, 'filterField');
    expect(unknown.validationErrors![0].message).to.equal('The phonebook has no field "color".');
    expect(bad(await send({ phonebookIds: [bookA], filterField: 'city', filterValue: 'Yazd' }), 400, 'receivers').data.failureCode).to.equal('RecipientNotExist');
  });

  it("needs the line's isSendPhonebook and a phonebook the sender can see", async () => {
    const bulkOnly = await simulatorLine(api, {});
    expect(bad(await send({ phonebookIds: [bookA], senderNumberId: bulkOnly.lineId }), 400).data.failureCode).to.equal('PrivateNumberNotValid');
    const foreign = ok(await api.post('Phonebooks/Create', { title: unique('Other ') }, { token: tree.otherAdmin.token })).id;
    expect(bad(await send({ phonebookIds: [bookA, foreign] }), 404).message).to.be.a('string');
  });
});
